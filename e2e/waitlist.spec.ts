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

  test("joining shows the place in the queue and a referral link; the e-mail carries it and an unsubscribe link that works", async ({ page }) => {
    const address = "queue.first@example.com";
    await page.goto("/waitlist");
    await join(page, address);
    await expect(page.getByText(/You're on the list! You are number \d+ of \d+\./)).toBeVisible();
    const link = await page.getByLabel(/Your referral link/).inputValue();
    expect(link).toMatch(/\/waitlist\?ref=[A-Za-z0-9_-]+$/);
    const mail = await waitForMail(process.env.E2E_MAIL_FILE!, address);
    expect(mail.text).toContain(link);
    const unsubscribe = mail.text.match(/https?:\/\/\S+\/waitlist\/unsubscribe#\S+/)?.[0];
    expect(unsubscribe).toBeTruthy();

    // Joining again says only that the address is on the list: its place and link are e-mailed to the address.
    await page.goto("/waitlist");
    await join(page, "  QUEUE.first@example.com ");
    await expect(page.getByText("You're already on the list.")).toBeVisible();
    await expect(page.getByText("We have e-mailed its place in the queue and its invitation link to that address.")).toBeVisible();
    await expect(page.getByLabel(/Your referral link/)).toHaveCount(0);
    await expect.poll(() => readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to === address).length).toBe(2);
    const reminder = readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to === address)[1]!;
    expect(reminder.text).toContain(link);
    // The reminder carries a fresh unsubscribe link; the first one is spent by it.
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
      await expect(page.getByText(/You're on the list!/)).toBeVisible();
      await page.goto("/waitlist");
    }
    await join(page, "referrer@example.com");
    const before = Number((await page.getByText(/You are number \d+/).textContent())!.match(/number (\d+)/)![1]);
    const link = await page.getByLabel(/Your referral link/).inputValue();

    const friend = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    await friend.goto(new URL(link).pathname + new URL(link).search);
    await expect(friend.locator("#waitlist-form")).toBeInViewport();
    await expect(friend.getByText("You were invited by a friend")).toBeVisible();
    await join(friend, "friend.of.referrer@example.com");
    await expect(friend.getByText(/You're on the list!/)).toBeVisible();
    await friend.close();

    // The referrer asks again: the page says only that the address is waiting; the new place comes by e-mail.
    await page.goto("/waitlist");
    await join(page, "referrer@example.com");
    await expect(page.getByText("You're already on the list.")).toBeVisible();
    const mailsTo = () => readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to === "referrer@example.com");
    await expect.poll(() => mailsTo().length).toBe(2);
    const after = Number(mailsTo()[1]!.subject.match(/#(\d+)/)![1]);
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
