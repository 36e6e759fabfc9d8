import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { openSection } from "./fixtures/dashboard";
import { acceptAs, addContact } from "./fixtures/legacy";
import { letSignInMinutePass, signInWithMagicLinkOn } from "./fixtures/sign-in";
import { expect, test } from "./fixtures/test";

// Issue 34, "guided to what was left them": the door back in (Log in on every public page), a contact's landing after
// sign-in, the invitation naming the owner, and an executor's confirmation asked in a dialog with its date.
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 800 };

async function nameOwner(page: Page, baseUrl: string, firstName: string) {
  const saved = await page.request.put("/api/profile/identity", { headers: { origin: baseUrl }, data: { firstName, birthday: null, legacyPreference: "family" } });
  expect(saved.status()).toBe(200);
}

for (const [label, size] of [
  ["1440 px", DESKTOP],
  ["375 px", PHONE],
] as const) {
  test(`a Log in link on every public page, in the header and the footer, at ${label}, by keyboard`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const path of ["/", "/faq", "/about", "/how-it-works", "/terms"]) {
      await page.goto(path);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Log in" }), path).toBeVisible();
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Log in" }), path).toBeAttached();
    }
    await expectNoSeriousAxeViolations(page);
    if (size === PHONE) {
      // The mobile menu carries it too.
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Log in" })).toBeVisible();
      await page.keyboard.press("Escape");
    }
    // By keyboard: focus it and press Enter.
    await page.getByRole("banner").getByRole("link", { name: "Log in" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Login to Dashboard" })).toBeVisible();
  });
}

test("a contact comes back through Log in and lands on People who named you, with their own twin offered, never forced; the executor confirms a release in a dialog that gives its date", async ({
  page,
  browser,
  signInWithMagicLink,
  baseUrl,
}) => {
  test.setTimeout(180_000);
  await openSection(page, signInWithMagicLink, "guided.owner@example.com", "Legacy", "/dashboard/legacy");
  await nameOwner(page, baseUrl, "Marisol");
  // The introduction's placeholder uses the owner's first name, never "your name".
  await page.reload();
  await expect(page.getByLabel(/How your twin introduces itself/)).toHaveAttribute("placeholder", /built from what Marisol recorded/);
  await addContact(page, { name: "Lena Child", email: "guided.contact@example.com", relationship: "daughter", role: "contact" });
  await addContact(page, { name: "Ed Exec", email: "guided.executor@example.com", relationship: "brother", role: "executor" });

  // The invitation page names Marisol (never her address) and says what the role means: checked inside acceptAs.
  const lena = await acceptAs(browser, "guided.contact@example.com", "You are now Marisol's legacy contact.");
  await lena.close();

  // The executor reports the death (a plain notice, no success) and confirms in a dialog that says when.
  const ed = await acceptAs(browser, "guided.executor@example.com", "You are now Marisol's legacy executor.");
  await ed.page.getByRole("button", { name: "Report a death" }).click();
  await ed.page.getByRole("button", { name: "Send report" }).click();
  await expect(ed.page.getByTestId("named-by-state")).toHaveText("Their legacy: Release pending");
  await expect(ed.page.getByText("Your report was sent")).toBeVisible();
  await expect(ed.page.getByText("Death reported", { exact: true })).toHaveCount(0);
  await expect(ed.page.getByLabel(/Attach a document for the executor/)).toHaveCount(0);
  await ed.page.getByRole("button", { name: "Confirm release" }).click();
  const dialog = ed.page.getByRole("dialog", { name: "Confirm the release of Marisol's legacy?" });
  await expect(dialog).toContainText(/The release will happen on .+, when Marisol's waiting period ends, unless Marisol cancels it before then\./);
  await expect(dialog.getByRole("button", { name: "Not now" })).toBeFocused();
  await expectNoSeriousAxeViolations(ed.page);
  // Escape leaves without confirming.
  await ed.page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(ed.page.getByText("You confirmed this release.", { exact: false })).toHaveCount(0);
  await ed.page.getByRole("button", { name: "Confirm release" }).click();
  await ed.page.getByRole("dialog").getByRole("button", { name: "Confirm release" }).click();
  await expect(ed.page.getByText("You confirmed this release.", { exact: false })).toBeVisible();
  await ed.close();

  // One sign-in link a minute per address: that minute since Lena's last link is let pass.
  await letSignInMinutePass(page, baseUrl, "guided.contact@example.com");
  // Months later, in a fresh browser, from the home page's Log in: straight to People who named you, not onboarding.
  const later = await browser.newContext({ baseURL: baseUrl });
  const contact = await later.newPage();
  await contact.goto("/");
  await contact.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await contact.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  await contact.waitForURL(/\/login/);
  await signInWithMagicLinkOn(contact, "guided.contact@example.com", "/login");
  await expect(contact).toHaveURL(/\/legacy$/);
  await expect(contact.getByRole("heading", { name: "People who named you" })).toBeVisible();
  await expect(contact.getByTestId("named-by")).toContainText("Marisol");
  await expectNoSeriousAxeViolations(contact);
  // The dashboard is not forced on them either; their own twin is one link away.
  await contact.goto("/dashboard");
  await expect(contact).toHaveURL(/\/legacy$/);
  await contact.getByRole("link", { name: "Start your own twin" }).click();
  await expect(contact).toHaveURL(/\/onboarding$/);
  await later.close();
});
