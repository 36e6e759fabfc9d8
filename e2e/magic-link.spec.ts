import { expect, test } from "./fixtures/test";
import { linkFromMail, readMails, waitForMail } from "./fixtures/mail-capture";
import { pressConfirm, waitForHydration } from "./fixtures/sign-in";

test.describe("magic-link sign-in", () => {
  test("the login page is what the spec describes and is not indexed", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Login to Dashboard" })).toBeVisible();
    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    await expect(page.getByRole("button", { name: "Send Magic Link" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Login with Google" })).toBeEnabled();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    // The prerendered page, before the server has said whether Google is set up, offers no Google button to press.
    const html = await (await page.request.get("/login")).text();
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Login with Google<\/button>/);
  });

  test("a link sent through SMTP signs a new person in, only when they press the button, and lands on onboarding", async ({ page }) => {
    const address = "newcomer@example.com";
    await page.goto("/login");
    await page.getByLabel("Email").fill(address);
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await expect(page.getByText("Magic link sent! Check your email.")).toBeVisible();
    const mail = await waitForMail(process.env.E2E_MAIL_FILE!, address);
    expect(mail.subject).toBe("Your Mindprint sign-in link");
    // The mail names the button a new address will see, not only "Sign in" (issue 44).
    expect(mail.text).toContain("“Create your account” the first time");

    // Opening the link (as a mail scanner would) spends nothing: a reload still offers the button.
    // A new address is asked its date of birth once, before any account exists (issue 33).
    const favicon = page.waitForRequest((r) => /\/favicon\.(svg|ico)$/.test(r.url()));
    await page.goto(linkFromMail(mail));
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    // The page the server writes has the site's icon (no 404 for /favicon.ico) and its name as a way home.
    expect((await favicon).url()).toMatch(/\/favicon\.svg$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Mindprint" })).toHaveAttribute("href", "/");
    // On a phone the card keeps a margin from the screen's edges.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = (await page.getByRole("main").boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(12);
    expect(card.x + card.width).toBeLessThanOrEqual(390 - 12);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await pressConfirm(page);

    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText("Private & Secure")).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
  });

  test("sign-up turns a child under 13 away kindly, and waits for a teenager's guardian to agree", async ({ page }) => {
    const yearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;
    async function openLink(address: string) {
      await page.goto("/login");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(address);
      await page.getByRole("button", { name: "Send Magic Link" }).click();
      await expect(page.getByText("Magic link sent! Check your email.")).toBeVisible();
      await page.goto(linkFromMail(await waitForMail(process.env.E2E_MAIL_FILE!, address)));
    }
    await openLink("young.child@example.com");
    await page.getByLabel("Date of birth").fill(yearsAgo(10));
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/login\/confirm$/);
    await expect(page.getByRole("alert")).toContainText("Mindprint is only for people aged 13 and over");

    await openLink("teen.e2e@example.com");
    await page.getByLabel("Date of birth").fill(yearsAgo(15));
    await page.getByLabel("Your parent's or guardian's e-mail").fill("guardian.e2e@example.com");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/login\/confirm$/);
    await expect(page.getByRole("heading", { name: "Ask your parent or guardian" })).toBeVisible();
    const consent = await waitForMail(process.env.E2E_MAIL_FILE!, "guardian.e2e@example.com");
    await page.goto(consent.text.match(/https?:\/\/\S+\/age\/guardian\?\S+/)![0]);
    await page.getByRole("button", { name: "I agree" }).click();
    await expect(page).toHaveURL(/\/age\/guardian$/);
    await expect(page.getByText("The account is ready")).toBeVisible();
  });

  test("a used link says so and offers the way back to the login page", async ({ page, signInWithMagicLink }) => {
    const address = "reuse@example.com";
    await signInWithMagicLink(page, address);
    const link = linkFromMail(readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to === address).at(-1)!);
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login\/confirm$/);
    await expect(page.getByRole("alert")).toContainText("expired or has already been used");
    await expect(page.getByRole("link", { name: "Back to login" })).toBeVisible();
  });

  test("asking twice within a minute shows the rate-limit message in red", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("Email").fill("hasty@example.com");
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await expect(page.getByText("Magic link sent! Check your email.")).toBeVisible();
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Please wait a minute before asking for another.");
    await expect(alert).toHaveClass(/text-red-700/);
  });

  test("a signed-in visitor who opens /login is sent on from /", async ({ page, signInWithMagicLink }) => {
    await signInWithMagicLink(page, "already-in@example.com");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("with JavaScript turned off, the login form and the confirmation page still sign a person in", async ({ browser, baseUrl }) => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    const address = "no.script@example.com";
    await page.goto("/login");
    await page.getByLabel("Email").fill(address);
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await expect(page).toHaveURL(/\/login\/send$/);
    // A real POST the server answered: the address is not in the URL, and the page says what to do next.
    await expect(page.getByText("Magic link sent! Check your email.")).toBeVisible();
    expect(page.url()).not.toContain("no.script");
    const mail = await waitForMail(process.env.E2E_MAIL_FILE!, address);
    await page.goto(linkFromMail(mail));
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await pressConfirm(page);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const session = await context.request.get("/api/session");
    expect(((await session.json()) as { user: { email: string } | null }).user?.email).toBe(address);
    await context.close();
  });
});
