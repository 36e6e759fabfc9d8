import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract";
import { ADULT_BIRTH_DATE, cookieHeader, createTestApp, get, post, tokenFromMail, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAGIC_LINK_IP_LIMIT: "5" });
});
afterAll(() => t.close());

let address = 0;
/** Each request from its own IP unless one is given, so per-address rules are tested alone. */
const requestLink = (email: string, ip = `10.9.0.${++address}`) => post(t, "/api/session/magic-link", { email }, {}, ip);
const confirm = (token: string) => post(t, "/api/session/magic-link/confirm", { token, birthDate: ADULT_BIRTH_DATE });

describe("requesting a magic link", () => {
  it("mails a link to our confirmation page with a 128-bit-or-better token in the fragment", async () => {
    const response = await requestLink("first@example.com");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.magicLinkSent });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe("first@example.com");
    expect(mail.text).toContain("http://localhost:3000/login/confirm?token=");
    expect(mail.text).toContain("expires in 10 minutes");
    const token = tokenFromMail(mail);
    // 32 characters from a 52-letter alphabet: about 182 bits.
    expect(token).toMatch(/^[A-Za-z]{32}$/);
  });

  it("answers a known and an unknown address with the same status and body", async () => {
    await confirm(tokenFromMail((await requestLink("known@example.com"), t.mails.at(-1)!)));
    const known = await requestLink("known-two@example.com");
    const before = await t.owner.query(`SELECT count(*)::int AS n FROM "user"`);
    const unknown = await requestLink("never-seen@example.com");
    const after = await t.owner.query(`SELECT count(*)::int AS n FROM "user"`);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // No account exists for an address until its link is used.
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it("stores only a hash of the token", async () => {
    await requestLink("hash@example.com");
    const token = tokenFromMail(t.mails.at(-1)!);
    const rows = await t.owner.query(`SELECT identifier, value FROM verification`);
    const everything = JSON.stringify(rows.rows);
    expect(everything).not.toContain(token);
    const hashed = crypto.createHash("sha256").update(token).digest("base64url");
    expect(rows.rows.some((r) => r.identifier === `magic-link:${hashed}`)).toBe(true);
  });

  it("rejects an invalid address and unknown fields with the error envelope", async () => {
    const bad = await requestLink("not-an-address");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "validation_failed", message: messages.emailInvalid });
    const extra = await post(t, "/api/session/magic-link", { email: "a@example.com", userId: "x" });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe("validation_failed");
    const offsite = await post(t, "/api/session/magic-link", { email: "a@example.com", next: "//evil.example/x" });
    expect(offsite.statusCode).toBe(400);
  });
});

describe("using a magic link", () => {
  it("signs in once: the second use of the same link is refused", async () => {
    await requestLink("once@example.com");
    const token = tokenFromMail(t.mails.at(-1)!);
    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(cookieHeader(first)).toMatch(/^mindprint\.session_token=/);
    const second = await confirm(token);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ error: { code: "link_invalid", message: messages.linkInvalid } });
  });

  it("is valid for 10 minutes and refused after that", async () => {
    await requestLink("late@example.com");
    const token = tokenFromMail(t.mails.at(-1)!);
    const ttl = await t.owner.query(
      `SELECT EXTRACT(EPOCH FROM (expires_at - created_at))::int AS seconds FROM verification ORDER BY created_at DESC LIMIT 1`,
    );
    expect(ttl.rows[0].seconds).toBe(600);
    await t.owner.query(`UPDATE verification SET expires_at = now() - interval '1 second'`);
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("link_invalid");
  });

  it("cannot be spent by a plain GET: Better Auth's verify route is not reachable from outside", async () => {
    await requestLink("scanner@example.com");
    const token = tokenFromMail(t.mails.at(-1)!);
    const prefetch = await get(t, `/api/auth/magic-link/verify?token=${token}`);
    expect(prefetch.statusCode).toBe(404);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it("sets an HttpOnly, SameSite=Lax session cookie on path / and a new session on every sign-in", async () => {
    const cookies: string[] = [];
    for (let i = 0; i < 2; i++) {
      await requestLink("twice@example.com", `10.8.0.${i + 1}`);
      await t.owner.query(`UPDATE rate_limits SET window_start = now() - interval '61 seconds'`);
      const response = await confirm(tokenFromMail(t.mails.at(-1)!));
      const raw = response.headers["set-cookie"];
      const setCookie = (Array.isArray(raw) ? raw : [raw]).find((c) => c?.startsWith("mindprint.session_token="))!;
      expect(setCookie).toContain("HttpOnly");
      expect(setCookie).toContain("SameSite=Lax");
      expect(setCookie).toContain("Path=/");
      expect(setCookie).not.toContain("Domain=");
      cookies.push(cookieHeader(response));
    }
    expect(cookies[0]).not.toBe(cookies[1]);
  });

  it("rejects a malformed token with 400", async () => {
    const response = await post(t, "/api/session/magic-link/confirm", { token: "short" });
    expect(response.statusCode).toBe(400);
  });
});

describe("when the mail relay fails", () => {
  it("answers 503 with a message to act on, and the address may try again at once", async () => {
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    };
    const failed = await requestLink("relay-down@example.com");
    t.ctx.mailer.send = send;
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ error: { code: "mail_unavailable", message: messages.mailUnavailable } });
    expect(failed.body).not.toContain("ECONNREFUSED");
    expect((await requestLink("relay-down@example.com")).statusCode).toBe(200);
  });
});

describe("rate limits", () => {
  it("allows one link per address per 60 seconds, with a readable 429 and Retry-After", async () => {
    expect((await requestLink("limited@example.com")).statusCode).toBe(200);
    const again = await requestLink("LIMITED@example.com ");
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ error: { code: "rate_limited", message: messages.magicLinkPerAddress } });
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    await t.owner.query(`UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key LIKE 'magic-link:email:%'`);
    expect((await requestLink("limited@example.com")).statusCode).toBe(200);
  });

  it("limits links per IP address across different e-mail addresses", async () => {
    const ip = "10.7.7.7";
    for (let i = 0; i < 5; i++) expect((await requestLink(`ip-${i}@example.com`, ip)).statusCode).toBe(200);
    const over = await requestLink("ip-over@example.com", ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(messages.magicLinkPerIp);
    // Another address is not affected.
    expect((await requestLink("ip-over@example.com", "10.7.7.8")).statusCode).toBe(200);
  });

  it("counts an IPv6 client by its /64 network: rotating addresses inside it does not reset the limit", async () => {
    for (let i = 0; i < 5; i++) expect((await requestLink(`v6-${i}@example.com`, `2001:db8:5:6::${i + 1}`)).statusCode).toBe(200);
    const rotated = await requestLink("v6-over@example.com", "2001:db8:5:6:ffff::99");
    expect(rotated.statusCode).toBe(429);
    expect(rotated.json().error.message).toBe(messages.magicLinkPerIp);
    // The next /64 is someone else.
    expect((await requestLink("v6-over@example.com", "2001:db8:5:7::1")).statusCode).toBe(200);
  });
});

describe("sign-in without the app's scripts (the server answers the forms)", () => {
  const form = (url: string, fields: Record<string, string>) =>
    t.app.inject({ method: "POST", url, payload: new URLSearchParams(fields).toString(), headers: { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" } });

  it("sends the link from a plain form POST and says so in a page of its own, never echoing the address", async () => {
    const sent = t.mails.length;
    const response = await form("/login/send", { email: "noscript@example.com", next: "/dashboard" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("Magic link sent! Check your email.");
    expect(response.body).not.toContain("noscript@example.com");
    expect(response.body.match(/<main>/g)).toHaveLength(1);
    expect(t.mails.length).toBe(sent + 1);
    const invalid = await form("/login/send", { email: "not an address" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(messages.emailInvalid);
  });

  it("opening the link only shows a button; its POST spends the token, starts a session and goes on to next", async () => {
    await form("/login/send", { email: "noscript.confirm@example.com", next: "/dashboard" });
    const token = tokenFromMail(t.mails.at(-1)!);
    const opened = await get(t, `/login/confirm?token=${token}&next=%2Fdashboard`);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<form method="post" action="/login/confirm">');
    expect(opened.headers["set-cookie"]).toBeUndefined();
    const confirmed = await form("/login/confirm", { token, next: "/dashboard", birthDate: ADULT_BIRTH_DATE });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe("/dashboard#signed-in");
    const cookie = cookieHeader(confirmed);
    expect((await get(t, "/api/session", cookie)).json().user.email).toBe("noscript.confirm@example.com");
    // The link works once.
    const again = await form("/login/confirm", { token, next: "/dashboard" });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(messages.linkInvalid);
    // A next that leaves the site is refused.
    expect((await form("/login/confirm", { token: "x".repeat(32), next: "//evil.example/" })).statusCode).toBe(400);
  });
});
