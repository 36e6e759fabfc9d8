import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";

async function chooseGoogleAccount(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Login with Google" }).click();
  await expect(page).toHaveTitle(/Fake Google/);
  await page.getByRole("button", { name: `Continue as ${email}` }).click();
}

const sessionOf = async (page: Page) => (await page.request.get("/api/session")).json();

test.describe("Google sign-in over OpenID Connect", () => {
  test("a new person signs in with Google and lands on onboarding", async ({ page }) => {
    await chooseGoogleAccount(page, "ada.google@example.com");
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText("ada.google@example.com")).toBeVisible();
  });

  test("the authorisation request uses PKCE S256, state and nonce", async ({ page }) => {
    await page.goto("/login");
    const request = page.waitForRequest((r) => r.url().includes("/auth?"));
    await page.getByRole("button", { name: "Login with Google" }).click();
    const url = new URL((await request).url());
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("scope")).toBe("openid email profile");
  });

  test("an existing account is linked when Google says the address is verified", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "linked.verified@example.com");
    const before = await sessionOf(page);
    await page.context().clearCookies();
    await chooseGoogleAccount(page, "linked.verified@example.com");
    await expect(page).toHaveURL(/\/onboarding$/);
    expect((await sessionOf(page)).user.id).toBe(before.user.id);
  });

  test("an existing account is not linked when Google does not vouch for the address, and the page says why", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "linked.unverified@example.com");
    await page.context().clearCookies();
    await chooseGoogleAccount(page, "linked.unverified@example.com");
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole("alert")).toContainText("cannot be linked to your existing Mindprint account");
    expect((await sessionOf(page)).user).toBeNull();
  });
});
