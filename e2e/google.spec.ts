import type { Page } from "@playwright/test";
import { ageMessages } from "../src/contract/age-options";
import { expectNoSeriousAxeViolations } from "./fixtures/axe";
import { expect, test } from "./fixtures/test";
import { ADULT_BIRTH_DATE } from "./fixtures/sign-in";

async function chooseGoogleAccount(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Login with Google" }).click();
  await expect(page).toHaveTitle(/Fake Google/);
  await page.getByRole("button", { name: `Continue as ${email}` }).click();
}

const sessionOf = async (page: Page) => (await page.request.get("/api/session")).json();

/** A new Google account comes back to the login page, which asks a date of birth once before the account is made. */
async function stateAgeAndContinue(page: Page, birthDate: string) {
  await expect(page).toHaveURL(/\/login\?.*error=age_required/);
  await expect(page.getByRole("alert")).toContainText(ageMessages.googleAgeRequired);
  await page.getByLabel(ageMessages.birthDateLabel).fill(birthDate);
  await page.getByRole("button", { name: ageMessages.googleAgeButton }).click();
}

test.describe("Google sign-in over OpenID Connect", () => {
  test("a new person states their age, signs in with Google and lands on onboarding", async ({ page }) => {
    await chooseGoogleAccount(page, "ada.google@example.com");
    await expect(page).toHaveURL(/\/login\?.*error=age_required/);
    await expect(page.getByLabel(ageMessages.birthDateLabel)).toBeVisible();
    expect((await sessionOf(page)).user).toBeNull();
    await expectNoSeriousAxeViolations(page);
    await stateAgeAndContinue(page, ADULT_BIRTH_DATE);
    await expect(page).toHaveTitle(/Fake Google/);
    await page.getByRole("button", { name: "Continue as ada.google@example.com" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText("ada.google@example.com")).toBeVisible();
    const age = await (await page.request.get("/api/legacy/age")).json();
    expect(age).toEqual({ status: "adult", birthDate: ADULT_BIRTH_DATE });
  });

  test("a new person under 13 is refused, and no account is made", async ({ page }) => {
    await chooseGoogleAccount(page, "young.google@example.com");
    await stateAgeAndContinue(page, `${new Date().getUTCFullYear() - 10}-06-01`);
    await expect(page.getByRole("alert")).toContainText(ageMessages.underMinimum);
    await expect(page).toHaveURL(/\/login/);
    expect((await sessionOf(page)).user).toBeNull();
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
