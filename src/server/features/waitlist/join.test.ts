import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, waitlistMessages } from "../../../contract";
import { createTestApp, post, type TestApp } from "../../test/harness";
import { freshIp, join, placeFromLink, placeFromNewestMail, placeTokenFrom, unsubscribeTokenFrom } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a join answers, whoever typed which address: the same status and body. */
const accepted = (response: { statusCode: number; json(): unknown }) => expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 202, body: { emailed: true } });

describe("joining the waitlist", () => {
  it("answers 202 `emailed`, nothing else, and stores the address trimmed and in lower case", async () => {
    const response = await join(t, "  First@Example.COM ");
    accepted(response);
    expect(response.headers["cache-control"]).toBe("no-store");
    const stored = await t.owner.query(`SELECT email, signup_seq, referred_by FROM waitlist_entries`);
    expect(stored.rows).toEqual([{ email: "first@example.com", signup_seq: "1", referred_by: null }]);
  });

  it("sends a confirmation with the place, the referral link and rule, a place link and an unsubscribe link in fragments", async () => {
    const sent = t.mails.length;
    accepted(await join(t, "second@example.com"));
    expect(t.mails.length).toBe(sent + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe("second@example.com");
    expect(mail.subject).toBe("You're on the Mindprint waitlist (#2)");
    expect(mail.text).toContain("Your place in the queue: #2.");
    expect(mail.text).toContain("founding member, with one year free");
    const code = (await t.owner.query(`SELECT referral_code FROM waitlist_entries WHERE email = 'second@example.com'`)).rows[0].referral_code;
    expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{8}$/);
    expect(mail.text).toContain(`http://localhost:3000/waitlist?ref=${code}`);
    expect(mail.text).toContain("Each friend who joins with your link moves you up 10 places in the queue.");
    const token = unsubscribeTokenFrom(mail);
    expect(mail.text).toContain(`http://localhost:3000/waitlist/unsubscribe#token=${token}`);
    expect(mail.text).toContain(`http://localhost:3000/waitlist/place#token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits
    const stored = await t.owner.query(`SELECT unsubscribe_token_hash FROM waitlist_entries WHERE email = 'second@example.com'`);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    expect(mail.html).toContain(`/waitlist/place#token=${token}`);
  });

  it("the e-mail's place link shows the place on screen: position, total, founding flag and the referral link", async () => {
    const place = await placeFromNewestMail(t, "second@example.com");
    expect(place).toEqual({ position: 2, total: 2, foundingMember: true, referralCode: expect.any(String), referralLink: expect.stringMatching(/^http:\/\/localhost:3000\/waitlist\?ref=/) });
    for (const token of ["x".repeat(43), "short"]) {
      const response = await placeFromLink(t, token);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(waitlistMessages.placeLinkInvalid);
    }
  });

  it("answers an address already waiting exactly as a new one (SECURITY.md 38); its owner gets the place by e-mail, once an hour", async () => {
    const fresh = await join(t, "brand.new@example.com");
    const sent = t.mails.length;
    const again = await join(t, "  BRAND.NEW@example.com  ");
    expect({ status: again.statusCode, body: again.body, type: again.headers["content-type"] }).toEqual({ status: fresh.statusCode, body: fresh.body, type: fresh.headers["content-type"] });
    // The address's owner hears about it: the place, the same invitation link, and fresh working links.
    const reminders = t.mails.slice(sent);
    expect(reminders.map((m) => m.to)).toEqual(["brand.new@example.com"]);
    const first = t.mails.find((m) => m.to === "brand.new@example.com")!;
    const place = await placeFromNewestMail(t, "brand.new@example.com");
    expect(reminders[0]!.subject).toBe(`Your place on the Mindprint waitlist (#${place.position})`);
    expect(reminders[0]!.text).toContain("entered on the Mindprint waitlist again");
    expect(reminders[0]!.text).toContain(place.referralLink);
    expect(first.text).toContain(place.referralLink);
    // The first e-mail's links keep working after the reminder (issue 40, finding 7), until they expire.
    expect((await placeFromLink(t, placeTokenFrom(first))).statusCode).toBe(200);
    await t.owner.query(`UPDATE waitlist_earlier_links SET expires_at = now() - interval '1 second'`);
    expect((await placeFromLink(t, placeTokenFrom(first))).statusCode).toBe(400);
    // Typing it again and again sends nothing more and answers the same.
    accepted(await join(t, "brand.new@example.com"));
    expect(t.mails.length).toBe(sent + 1);
    const rows = await t.owner.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE email = 'brand.new@example.com'`);
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
    for (let i = 1; i <= 10; i++) expect((await join(t, `burst${i}@example.com`, undefined, ip)).statusCode).toBe(202);
    const blocked = await join(t, "burst11@example.com", undefined, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: "rate_limited", message: waitlistMessages.rateLimited });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // Asking about a known address spends the budget too, so nobody can probe addresses without limit.
    expect((await join(t, "burst1@example.com", undefined, ip)).statusCode).toBe(429);
    expect((await join(t, "burst11@example.com")).statusCode).toBe(202);
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
    accepted(await join(t, "unlucky@example.com"));
    expect(t.mails.at(-1)!.to).toBe("unlucky@example.com");
  });

  it("answers a known address 503 too when its reminder cannot be sent, keeping its links, and sends it on the next try", async () => {
    accepted(await join(t, "known.unlucky@example.com"));
    const first = t.mails.at(-1)!;
    const realSend = t.ctx.mailer.send;
    (t.ctx.mailer as { send: typeof realSend }).send = async () => {
      throw new Error("relay down");
    };
    const failed = await join(t, "known.unlucky@example.com");
    (t.ctx.mailer as { send: typeof realSend }).send = realSend;
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toEqual({ code: "mail_unavailable", message: messages.mailUnavailable });
    expect((await placeFromLink(t, placeTokenFrom(first))).statusCode).toBe(200);
    const sent = t.mails.length;
    accepted(await join(t, "known.unlucky@example.com"));
    expect(t.mails.slice(sent).map((m) => m.to)).toEqual(["known.unlucky@example.com"]);
  });
});
