import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openFromMenu, reachDashboard } from "./fixtures/dashboard";
import { expect, test } from "./fixtures/test";
import { consentAndReadyClone } from "./fixtures/voice-api";

test.describe("voice consent", () => {
  test("revoking the consent deletes the clone and the voice hub asks for a new consent; keyboard only; axe", async ({ page, signInWithMagicLink, baseUrl }) => {
    test.setTimeout(150_000);
    await reachDashboard(page, signInWithMagicLink, "voice.consent.revoke@example.com");
    await consentAndReadyClone(page, baseUrl);

    await openFromMenu(page, "Legacy", "/dashboard/legacy");
    const card = page.getByRole("region", { name: "Voice consent" });
    const inForce = card.getByTestId("consent-in-force");
    await expect(inForce).toContainText("Only me");
    await expect(inForce).toContainText("I agree that Mindprint may make a synthetic copy of my voice");
    await expectNoSeriousAxeViolations(page);

    // Revoke with the keyboard: the button, then the confirmation's focused action.
    await card.getByRole("button", { name: "Revoke consent" }).focus();
    await page.keyboard.press("Enter");
    const confirm = card.getByRole("group", { name: "Confirm: Revoke consent" });
    await expect(confirm).toContainText("Every voice clone is deleted");
    await expect(confirm.getByRole("button", { name: "Revoke consent" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Voice consent revoked: your voice clone was deleted, and your voice no longer speaks.")).toBeVisible();
    await expect(inForce).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Start recording" })).toBeVisible();
    await card.getByText("Earlier consents (1)").click();
    await expect(card.getByRole("listitem")).toContainText(/Only me, given .*, revoked on /);

    await openFromMenu(page, "Voice Training Hub", "/dashboard/voice");
    await expect(page.getByText("No voice clones yet.", { exact: false })).toBeVisible();
    const form = page.getByRole("region", { name: "Clone My Voice" });
    await expect(form.getByTestId("consent-needed")).toBeVisible();
    // The sessions that trained it are free again (1 min 3 s), but Train waits for a new consent.
    await expect(form.getByTestId("eligible-audio")).toContainText("1 min 3 s of 1 min eligible audio");
    await form.getByLabel("Voice name").fill("Again");
    await expect(form.getByRole("button", { name: "Train" })).toBeDisabled();
  });

  test("375 px: the consent card fits the screen", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const { signInWithMagicLinkOn } = await import("./fixtures/sign-in");
    await reachDashboard(page, signInWithMagicLinkOn, "voice.consent.mobile@example.com");
    await page.goto("/dashboard/legacy#voice-consent");
    await expect(page.getByTestId("consent-statement")).toContainText("Only I may hear it");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
