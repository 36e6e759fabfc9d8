import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";

/** Finishes onboarding through the real completion screen. */
async function completeOnboarding(page: Page) {
  await page.goto("/onboarding/complete");
  await expect(page.getByRole("heading", { name: "You're all set!" })).toBeVisible();
  await page.getByRole("button", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe("access guard", () => {
  test("an anonymous visitor is sent to /login and, after signing in, continues where they were going", async ({ page, signInWithMagicLink }) => {
    await page.goto("/onboarding/complete");
    await expect(page).toHaveURL(/\/login\?next=%2Fonboarding%2Fcomplete$/);
    await signInWithMagicLink(page, "returning@example.com", page.url());
    await expect(page).toHaveURL(/\/onboarding\/complete$/);
    await expect(page.getByRole("heading", { name: "You're all set!" })).toBeVisible();
  });

  test("onboarding incomplete: the dashboard and dev page send the user to /onboarding", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "halfway@example.com");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.goto("/dev-test");
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("onboarding complete: onboarding paths send the user to /dashboard, which shows their e-mail and Sign Out", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "finished@example.com");
    await completeOnboarding(page);
    await page.goto("/onboarding/identity");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("signed-in-email")).toHaveText("finished@example.com");
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await page.goto("/dev-test");
    await expect(page.getByText("finished@example.com")).toBeVisible();
  });

  test("the landing page sends a signed-in user on, replacing the history entry", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "lander@example.com");
    await completeOnboarding(page);
    await page.goto("/a-page-that-does-not-exist"); // a page that does not redirect
    const before = await page.evaluate(() => history.length);
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    // "/" added one entry and the redirect replaced it instead of adding another.
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
  });

  test("the landing page falls back to /onboarding when the profile takes over 3 seconds", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "slow-profile@example.com");
    await completeOnboarding(page);
    await page.route("**/api/profile", () => {
      /* never answered */
    });
    await page.goto("/");
    await expect(page).toHaveURL(/\/onboarding$/, { timeout: 6000 });
  });

  test("Sign Out ends the session on the server and returns home", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "signout@example.com");
    await completeOnboarding(page);
    const cookies = await page.context().cookies();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Be Remembered. Be Bold." })).toBeVisible();
    // The old cookie is worthless now.
    await page.context().addCookies(cookies);
    const replay = await page.request.get("/api/profile");
    expect(replay.status()).toBe(401);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  });

  test("other open tabs notice sign-out and sign-in", async ({ context, signInWithMagicLink }) => {
    const first = await context.newPage();
    await signInWithMagicLink(first, "two-tabs@example.com");
    await completeOnboarding(first);
    const second = await context.newPage();
    await second.goto("/dashboard");
    await expect(second.getByTestId("signed-in-email")).toHaveText("two-tabs@example.com");

    await first.getByRole("button", { name: "Sign Out" }).click();
    await expect(second).toHaveURL(/\/login\?next=%2Fdashboard$/);

    // Signing in again (as someone new: one link per address per minute) takes the waiting tab along.
    await signInWithMagicLink(first, "two-tabs-again@example.com");
    await expect(second).toHaveURL(/\/onboarding$/);
  });
});
