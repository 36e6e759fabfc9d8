import AxeBuilder from "@axe-core/playwright";
import { startAppServer, type AppServer } from "./fixtures/app-server";
import { linkFromMail, readMails, waitForMail } from "./fixtures/mail-capture";
import { pressConfirm } from "./fixtures/sign-in";
import { expect, test } from "./fixtures/test";

// A server of its own: allow-list mode, and no Google configuration.
let server: AppServer;
test.beforeAll(async () => {
  server = await startAppServer({
    ACCESS_MODE: "allowlist",
    ALLOWED_EMAILS: "  Invited@Example.com ",
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true`,
  });
});
test.afterAll(async () => server.stop());

async function signInOnServer(page: import("@playwright/test").Page, email: string) {
  const before = readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to === email.toLowerCase()).length;
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByText("Magic link sent! Check your email.")).toBeVisible();
  await page.goto(linkFromMail(await waitForMail(process.env.E2E_MAIL_FILE!, email, before)));
  await pressConfirm(page);
}

test.describe("access policy: allow-list", () => {
  test("a visitor is offered Join Waitlist, not Get started, where accounts are by invitation", async ({ page }) => {
    await page.goto(`${server.baseUrl}/`);
    await expect(page.getByRole("main").getByRole("link", { name: "Join Waitlist" }).first()).toHaveAttribute("href", "/waitlist");
    await expect(page.getByRole("banner").getByRole("link", { name: "Join Waitlist" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Get started" })).toHaveCount(0);
  });

  test("with no Google configuration, Login with Google cannot be pressed and says why", async ({ page }) => {
    await page.goto(`${server.baseUrl}/login`);
    const google = page.getByRole("button", { name: "Login with Google" });
    await expect(google).toHaveAccessibleDescription("Google sign-in is not available on this server.");
    await expect(google).toBeDisabled();
  });

  test("a signed-in address that is not on the list is sent home with the reason", async ({ page }) => {
    await signInOnServer(page, "stranger@example.com");
    await expect(page).toHaveURL(`${server.baseUrl}/`);
    await page.goto(`${server.baseUrl}/dashboard`);
    await expect(page).toHaveURL(`${server.baseUrl}/`);
    await expect(page.getByRole("alert")).toContainText("not on the access list yet");
  });

  test("an address on the list, in any case, gets in", async ({ page }) => {
    await signInOnServer(page, "INVITED@example.com");
    await expect(page).toHaveURL(`${server.baseUrl}/onboarding`);
  });

  test("without Google configuration the button says Google sign-in is not available", async ({ page }) => {
    await page.goto(`${server.baseUrl}/login`);
    await expect(page.getByText("Google sign-in is not available on this server.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Login with Google" })).toBeDisabled();
  });
});

test.describe("accessibility", () => {
  for (const path of ["/", "/login", "/login/confirm?token=abcdefghijklmnopqrstuvwxyzABCDEF&next=%2F"]) {
    test(`axe finds no serious violation on ${path.split("?")[0]}`, async ({ page }) => {
      await page.goto(`${server.baseUrl}${path}`);
      await expect(page.locator("h1")).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});
