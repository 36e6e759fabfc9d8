import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, waitlistMessages } from "../../../contract";
import { createTestApp, post, type TestApp } from "../../test/harness";
import { freshIp, join, unsubscribeTokenFrom } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const responseKeys = ["alreadyJoined", "foundingMember", "position", "referralCode", "referralLink", "total"];

describe("joining the waitlist", () => {
  it("answers 201 with the new entry's place, referral code and link", async () => {
    const response = await join(t, "  First@Example.COM ");
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(responseKeys);
    expect(body).toMatchObject({ position: 1, foundingMember: true, alreadyJoined: false, total: 1 });
    expect(body.referralCode).toMatch(/^[0-9a-hjkmnp-tv-z]{8}$/);
    expect(body.referralLink).toBe(`http://localhost:3000/waitlist?ref=${body.referralCode}`);
    expect(response.headers["cache-control"]).toBe("no-store");
    const stored = await t.owner.query(`SELECT email, signup_seq, referred_by FROM waitlist_entries`);
    expect(stored.rows).toEqual([{ email: "first@example.com", signup_seq: "1", referred_by: null }]);
  });

  it("sends a confirmation with the place, the referral link and rule, and an unsubscribe link in the fragment", async () => {
    const sent = t.mails.length;
    const body = (await join(t, "second@example.com")).json();
    expect(t.mails.length).toBe(sent + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe("second@example.com");
    expect(mail.subject).toBe("You're on the Mindprint waitlist (#2)");
    expect(mail.text).toContain("Your place in the queue: #2.");
    expect(mail.text).toContain("founding member, with one year free");
    expect(mail.text).toContain(body.referralLink);
    expect(mail.text).toContain("Each friend who joins with your link moves you up 10 places in the queue.");
    const token = unsubscribeTokenFrom(mail);
    expect(mail.text).toContain(`http://localhost:3000/waitlist/unsubscribe#token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits
    const stored = await t.owner.query(`SELECT unsubscribe_token_hash FROM waitlist_entries WHERE email = 'second@example.com'`);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    expect(mail.html).toContain(body.referralLink);
  });

  it("answers an address already waiting (any case, any spaces) with 200 and nothing about it; its owner gets the place by e-mail, once an hour", async () => {
    const first = (await join(t, "repeat@example.com")).json();
    const sent = t.mails.length;
    const again = await join(t, "  REPEAT@example.com  ");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ alreadyJoined: true });
    // The address's owner hears about it: the place, the same invitation link, and a working unsubscribe link.
    const reminders = t.mails.slice(sent);
    expect(reminders.map((m) => m.to)).toEqual(["repeat@example.com"]);
    expect(reminders[0]!.subject).toBe(`Your place on the Mindprint waitlist (#${first.position})`);
    expect(reminders[0]!.text).toContain(first.referralLink);
    expect(reminders[0]!.text).toMatch(/waitlist\/unsubscribe#token=/);
    // Typing it again and again sends nothing more and answers the same.
    expect((await join(t, "repeat@example.com")).json()).toEqual({ alreadyJoined: true });
    expect(t.mails.length).toBe(sent + 1);
    const rows = await t.owner.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE email = 'repeat@example.com'`);
    expect(rows.rows[0].n).toBe(1);
  });

  it("refuses an invalid or unsafe address with the contract's message, and unknown fields", async () => {
    const invalid = await join(t, "not-an-address");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({ code: "validation_failed", message: waitlistMessages.emailInvalid });
    const unsafe = await join(t, "<script>alert(1)</script>x@example.com");
    expect(unsafe.json().error.message).toBe(waitlistMessages.emailUnsafe);
    const extra = await post(t, "/api/waitlist", { email: "x@example.com", foundingMember: true }, {}, freshIp());
    expect(extra.statusCode).toBe(400);
    const rows = await t.owner.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE email LIKE '%x@example.com'`);
    expect(rows.rows[0].n).toBe(0);
  });

  it("refuses a request from another site", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/waitlist", payload: { email: "csrf@example.com" }, headers: { origin: "https://evil.example" } });
    expect(response.statusCode).toBe(403);
  });

  it("allows 10 joins per IP address in 10 minutes and answers the 11th with a readable 429", async () => {
    const ip = freshIp();
    for (let i = 1; i <= 10; i++) expect((await join(t, `burst${i}@example.com`, undefined, ip)).statusCode).toBe(201);
    const blocked = await join(t, "burst11@example.com", undefined, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: "rate_limited", message: waitlistMessages.rateLimited });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // Asking about a known address spends the budget too, so nobody can probe addresses without limit.
    expect((await join(t, "burst1@example.com", undefined, ip)).statusCode).toBe(429);
    expect((await join(t, "burst11@example.com")).statusCode).toBe(201);
  });

  it("undoes the join when the confirmation cannot be sent, so trying again sends it", async () => {
    const realSend = t.ctx.mailer.send;
    (t.ctx.mailer as { send: typeof realSend }).send = async () => {
      throw new Error("relay down");
    };
    const failed = await join(t, "unlucky@example.com");
    (t.ctx.mailer as { send: typeof realSend }).send = realSend;
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toEqual({ code: "mail_unavailable", message: messages.mailUnavailable });
    const retry = await join(t, "unlucky@example.com");
    expect(retry.statusCode).toBe(201);
    expect(t.mails.at(-1)!.to).toBe("unlucky@example.com");
  });
});
