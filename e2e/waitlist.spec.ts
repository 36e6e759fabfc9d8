import { readMails, waitForMail } from "./fixtures/mail-capture";
import { expect, test } from "./fixtures/test";

const join = async (page: import("@playwright/test").Page, email: string) => {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Join the Waitlist" }).click();
};

test.describe("waitlist", () => {
  test("the page has its header, benefits, form anchor and an accordion with one answer open at a time", async ({ page }) => {
    await page.goto("/waitlist");
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    for (const name of ["Priority Access", "Founding Member Perks", "Invite & Unlock"]) await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.locator("#waitlist-form input[name=email]")).toBeVisible();
    await expect(page.getByText(/spam or promotions/)).toBeVisible();
    const faq = page.locator("details");
    await expect(faq).toHaveCount(3);
    await faq.nth(0).locator("summary").click();
    await faq.nth(1).locator("summary").click();
    await expect(page.locator("details[open]")).toHaveCount(1);
    await faq.nth(1).locator("summary").click();
    await expect(page.locator("details[open]")).toHaveCount(0);
  });

  test("joining answers alike for a new and a known address; the e-mail's link shows the place and a referral link; its unsubscribe link works", async ({ page }) => {
    const address = "queue.first@example.com";
    await page.goto("/waitlist");
    await join(page, address);
    await expect(page.getByText(`Check your inbox: ${address}`)).toBeVisible();
    await expect(page.getByText(/You're on the list!/)).toHaveCount(0);
    const mail = await waitForMail(process.env.E2E_MAIL_FILE!, address);
    const placeLink = mail.text.match(/https?:\/\/\S+\/waitlist\/place#\S+/)?.[0];
    expect(placeLink).toBeTruthy();
    await page.goto(placeLink!);
    await expect(page.getByText(/You're on the list! You are number \d+ of \d+\./)).toBeVisible();
    const link = await page.getByLabel(/Your referral link/).inputValue();
    expect(link).toMatch(/\/waitlist\?ref=[A-Za-z0-9_-]+$/);
    expect(mail.text).toContain(link);
    expect(mail.text).toMatch(/https?:\/\/\S+\/waitlist\/unsubscribe#\S+/);

    // Joining again looks exactly like joining: nothing on the page says the address was known; its owner is e-mailed.
    await page.goto("/waitlist");
    await join(page, "  QUEUE.first@example.com ");
    await expect(page.getByText("Check your inbox: QUEUE.first@example.com")).toBeVisible();
    await expect(page.getByLabel(/Your referral link/)).toHaveCount(0);
    await expect.poll(() => readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to === address).length).toBe(2);
    const reminder = readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to === address)[1]!;
    expect(reminder.text).toContain(link);
    expect(reminder.text).toContain("entered on the Mindprint waitlist again");
    // The reminder carries fresh links; the first e-mail's are spent by it.
    const fresh = reminder.text.match(/https?:\/\/\S+\/waitlist\/unsubscribe#\S+/)?.[0];
    expect(fresh).toBeTruthy();

    await page.goto(fresh!);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("You are unsubscribed and have left the waitlist.")).toBeVisible();
  });

  test("a referral link scrolls to the form and moves the referrer up", async ({ page, browser }) => {
    await page.goto("/waitlist");
    // Few joins: the server allows 10 per IP address per 10 minutes, and this whole file shares one address.
    for (let i = 0; i < 3; i++) {
      await join(page, `filler.${i}@example.com`);
      await expect(page.getByText(/Check your inbox/)).toBeVisible();
      await page.goto("/waitlist");
    }
    await join(page, "referrer@example.com");
    await expect(page.getByText(/Check your inbox/)).toBeVisible();
    const mail = await waitForMail(process.env.E2E_MAIL_FILE!, "referrer@example.com");
    const placeLink = mail.text.match(/https?:\/\/\S+\/waitlist\/place#\S+/)![0];
    await page.goto(placeLink);
    const before = Number((await page.getByText(/You are number \d+/).textContent())!.match(/number (\d+)/)![1]);
    const link = await page.getByLabel(/Your referral link/).inputValue();

    const friend = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    await friend.goto(new URL(link).pathname + new URL(link).search);
    await expect(friend.locator("#waitlist-form")).toBeInViewport();
    await expect(friend.getByText("You were invited by a friend")).toBeVisible();
    await join(friend, "friend.of.referrer@example.com");
    await expect(friend.getByText(/Check your inbox/)).toBeVisible();
    await friend.close();

    // The referrer opens the e-mail's link again: the place has moved up by 10.
    await page.goto("/waitlist");
    await page.goto(placeLink);
    const after = Number((await page.getByText(/You are number \d+/).textContent())!.match(/number (\d+)/)![1]);
    expect(after).toBe(Math.max(1, before - 10));
  });

  test("invalid addresses get a short inline message and nothing is sent", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.url().endsWith("/api/waitlist") && posts.push(r.url()));
    await page.goto("/waitlist");
    for (const [input, message] of [
      ["not-an-address", "Enter a valid e-mail address, like name@example.com."],
      ["<script>alert(1)</script>a@example.com", "That doesn't look like an e-mail address."],
      ["javascript:alert(1)@example.com", "That doesn't look like an e-mail address."],
      [`${"a".repeat(250)}@example.com`, "An e-mail address has at most 254 characters."],
    ] as const) {
      await join(page, input);
      await expect(page.getByText(message)).toBeVisible();
    }
    expect(posts).toEqual([]);
  });
});
