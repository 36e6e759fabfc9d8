import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { expect, test } from "./fixtures/test";
import { expectNoWiderThan } from "./fixtures/layout";

/** The newcomer's page at a desktop's size and a phone's (390 × 844): nothing wider than the screen, nothing axe finds serious. */
async function atBothSizes(page: Page, check: () => Promise<void>) {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await check();
    await expectNoWiderThan(page, size.width);
    await expectNoSeriousAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Presses Tab until `target` has focus: the way a keyboard user reaches a control. */
async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("could not reach the element with Tab");
}

const option = (page: Page, name: string) => page.getByRole("checkbox", { name: new RegExp(name) });

test.describe("onboarding", () => {
  test("a new user goes through all six steps by mouse, with a reflection of what they entered", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "mouse.onboarder@example.com");
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText("Step 1 of 6")).toBeVisible();
    await atBothSizes(page, () => expect(page.getByText("Hi there")).toBeVisible());
    await expect(page.getByText("Hi there")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "16.67");
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    // It also looks disabled: its colour changes once it can act.
    const colour = () => page.getByRole("button", { name: "Continue" }).evaluate((el) => getComputedStyle(el).backgroundColor);
    const disabledColour = await colour();
    await option(page, "Preserve my memory for loved ones").click();
    await option(page, "Build my AI twin").click();
    await expect(page.getByText("2 of 3 selected")).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
    expect(await colour()).not.toBe(disabledColour);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/onboarding\/identity$/);
    await expect(page.getByRole("heading", { name: "Let's discover together" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33.33");
    await expect(page.getByText("stories, values and voice your loved ones")).toBeVisible(); // helper text for preserve_memory
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    await page.getByLabel("First name").fill("  Margaret ");
    // The date of birth was asked at sign-up: shown here, not asked again.
    await expect(page.getByLabel("Birthday")).toHaveCount(0);
    await expect(page.getByTestId("stated-birth-date")).toContainText("1980");
    await expect(page.getByTestId("stated-birth-date")).toContainText("As you gave it when you signed up.");
    await atBothSizes(page, () => expect(page.getByTestId("stated-birth-date")).toBeVisible());
    await page.getByRole("radio", { name: /Share with family after I'm gone/ }).click();
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/onboarding\/trait-calibration$/);
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
    const next = page.getByRole("button", { name: "Next" });
    await expect(next).toBeDisabled();
    await expect(page.getByRole("button", { name: "Submit Response" })).toBeDisabled();
    await page.getByLabel("Hypothetical statement or scenario:").fill("Your grandson asks why you never moved away from the farm.");
    await page.getByLabel("How would you respond?").fill("Because the orchard needed me, and I needed the orchard. Roots matter more than views.");
    await page.getByRole("button", { name: "Submit Response" }).click();
    await expect(page.getByText("Thank you for helping calibrate your digital twin.")).toBeVisible();
    await expect(page.getByLabel("How would you respond?")).toHaveValue("");
    await expect(next).toBeEnabled();
    await next.click();

    await expect(page).toHaveURL(/\/onboarding\/summary$/);
    // Back at step 3 with the answer saved: Next does not ask for another one.
    await page.goBack();
    await expect(page).toHaveURL(/\/onboarding\/trait-calibration$/);
    await expect(page.getByText("1 response saved. Add another or continue.")).toBeVisible();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page).toHaveURL(/\/onboarding\/summary$/);
    // The step's toast leaves with its step (issue 35): gone well before its own 4 s would run out.
    await expect(page.getByText("Response submitted")).toBeHidden({ timeout: 1_500 });
    const reflection = page.getByLabel("Your reflection");
    await expect(reflection).toContainText("Margaret");
    await expect(reflection).toContainText(/orchard/);
    await atBothSizes(page, () => expect(reflection).toBeVisible());
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/onboarding\/contribute$/);

    await expect(page.getByRole("heading", { name: "Want to go deeper?" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Record my voice/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /Share a memory/ })).toBeVisible();
    await page.getByRole("button", { name: "Skip for now" }).click();
    await expect(page).toHaveURL(/\/onboarding\/complete$/);

    await expect(page.getByRole("heading", { name: "You're all set!" })).toBeVisible();
    await expect(page.getByText("Welcome to your Consciousness Dashboard. Your digital journey begins now.")).toBeVisible();
    await page.getByRole("button", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await atBothSizes(page, () => expect(page.getByRole("main")).toBeVisible());
    await page.goto("/onboarding/trait-calibration");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/voice-training");
    await expect(page).toHaveURL(/\/dashboard\/voice$/);
  });

  test("the same journey works by keyboard alone", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "keyboard.onboarder@example.com");
    await expect(page).toHaveURL(/\/onboarding$/);
    const reflect = option(page, "Reflect on who I am");
    await tabTo(page, reflect);
    await page.keyboard.press("Space");
    await expect(reflect).toHaveAttribute("aria-checked", "true");
    await tabTo(page, page.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/onboarding\/identity$/);
    await tabTo(page, page.getByLabel("First name"));
    await page.keyboard.type("Idris");
    const privateCard = page.getByRole("radio", { name: /Keep private/ });
    await tabTo(page, privateCard);
    await page.keyboard.press("Enter");
    await expect(privateCard).toHaveAttribute("aria-checked", "true");
    await tabTo(page, page.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/onboarding\/trait-calibration$/);
    await tabTo(page, page.getByLabel("Hypothetical statement or scenario:"));
    await page.keyboard.type("A stranger is rude to you in a queue.");
    await page.keyboard.press("Tab");
    await page.keyboard.type("I let it go. Most people are having a worse day than they show.");
    await tabTo(page, page.getByRole("button", { name: "Submit Response" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Response submitted")).toBeVisible();
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/onboarding\/summary$/);

    await expect(page.getByLabel("Your reflection")).toContainText("Idris");
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/onboarding\/contribute$/);
    await tabTo(page, page.getByRole("button", { name: "Skip for now" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/onboarding\/complete$/);
    const go = page.getByRole("button", { name: "Go to Dashboard" });
    await expect(go).toBeEnabled();
    await tabTo(page, go);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("step 5's Share a memory opens the Memory Vault with its form ready to write in", async ({ page, signInWithMagicLink, baseUrl }) => {
    await signInWithMagicLink(page, "share.onboarder@example.com");
    const headers = { origin: baseUrl };
    expect((await page.request.put("/api/profile/intents", { headers, data: { intents: ["preserve_memory"] } })).status()).toBe(200);
    expect((await page.request.put("/api/profile/identity", { headers, data: { firstName: "Wren", legacyPreference: "family" } })).status()).toBe(200);
    await page.goto("/onboarding/contribute");
    await page.getByRole("button", { name: /Share a memory/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/memories$/);
    await expect(page.getByRole("region", { name: "Add New Memory" }).getByLabel("Memory", { exact: true })).toBeFocused();
  });

  test("three intents at most, a toast for the fourth, and a toast when none is chosen", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "maximal@example.com");
    await expect(page).toHaveURL(/\/onboarding$/);
    // Continue looks and announces disabled (aria-disabled) but still explains itself when pressed.
    await page.getByRole("button", { name: "Continue" }).click({ force: true });
    await expect(page.getByText("Selection required")).toBeVisible();
    await expect(page.getByText("Please select at least one reason to continue.")).toBeVisible();
    for (const name of ["Preserve my memory", "Reflect on who I am", "Build my AI twin"]) await option(page, name).click();
    await expect(page.getByText("Maximum selected")).toBeVisible();
    const fourth = option(page, "Just exploring");
    await expect(fourth).toHaveAttribute("aria-disabled", "true");
    await fourth.click({ force: true });
    await expect(page.getByText("Maximum selections reached")).toBeVisible();
    await expect(fourth).toHaveAttribute("aria-checked", "false");
  });

  test("coming back: saved intents are pre-selected with the welcome-back banner", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "returner@example.com");
    await expect(page).toHaveURL(/\/onboarding$/);
    await option(page, "Just exploring").click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/onboarding\/identity$/);
    await page.goto("/onboarding");
    await expect(page.getByText("Welcome back — we've remembered your selections.")).toBeVisible();
    await expect(option(page, "Just exploring")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("1 of 3 selected")).toBeVisible();
  });

  test("steps 3 and 4 send a user without first name and legacy preference back to step 1", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "skipper@example.com");
    await page.goto("/onboarding/trait-calibration");
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.goto("/onboarding/summary");
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("server failures at steps 1, 2 and 3 show the spec's messages and keep what was entered", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "unlucky.onboarder@example.com");
    await expect(page).toHaveURL(/\/onboarding$/);
    const failOnce = (path: string) =>
      page.route(`**${path}`, (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal_error", message: "boom" } }) }), { times: 1 });

    await failOnce("/api/profile/intents");
    await option(page, "Build my AI twin").click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Something went wrong")).toBeVisible();
    await expect(page.getByText("Please try again.", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/onboarding\/identity$/);

    await failOnce("/api/profile/identity");
    await page.getByLabel("First name").fill("Rosa");
    await page.getByRole("radio", { name: /Make public in the future/ }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please try again. If the problem persists, contact support.")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Rosa");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/onboarding\/trait-calibration$/);

    await failOnce("/api/onboarding/calibration");
    await page.getByLabel("Hypothetical statement or scenario:").fill("You win a small lottery prize.");
    await page.getByLabel("How would you respond?").fill("Dinner for everyone.");
    await page.getByRole("button", { name: "Submit Response" }).click();
    await expect(page.getByText("Failed to submit response. Please try again.")).toBeVisible();
    await expect(page.getByLabel("How would you respond?")).toHaveValue("Dinner for everyone.");
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  test("a failed completion is only logged: the screen stays on Finalizing... with the button disabled", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "stuck.finisher@example.com");
    await page.route("**/api/profile/onboarding-complete", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "internal_error", message: "boom" } }) }),
    );
    const logged = page.waitForEvent("console", (m) => m.type() === "error" && m.text().includes("Completing onboarding failed"));
    await page.goto("/onboarding/complete");
    await logged;
    await expect(page.getByRole("heading", { name: "Finalizing..." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Go to Dashboard" })).toBeDisabled();
    await expect(page.getByText("You're all set!")).toHaveCount(0);
  });

  test("identity validation: inline messages and the destructive toast", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "incomplete.identity@example.com");
    await expect(page).toHaveURL(/\/onboarding$/);
    await option(page, "Just exploring").click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/onboarding\/identity$/);
    // Enter in the empty first-name field submits the form, which explains what is missing.
    await page.getByLabel("First name").press("Enter");
    await expect(page.getByText("Please complete required fields")).toBeVisible();
    await expect(page.getByText("First name and legacy preference are required to continue.")).toBeVisible();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Please select a legacy preference")).toBeVisible();
  });
});
