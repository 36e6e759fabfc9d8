import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "../../../contract";
import { cookieHeader, createTestApp, get, ORIGIN, post, tokenFromMail, type TestApp } from "../../test/harness";

// Issue 40, the two high findings (SECURITY.md 44 and 45), in development and in the production configuration:
// a relayed `..\` path reached Better Auth's own magic-link check and made an account with no date of birth; four
// presses of a guardian's consent link held the sign-in pool and froze sign-in for everyone.
vi.setConfig({ testTimeout: 60_000 });

const configurations = {
  development: {},
  production: { NODE_ENV: "production", PUBLIC_URL: "https://mindprint.example", SMTP_URL: "smtp://127.0.0.1:2525" },
};

/** Sends one request exactly as written: no client in between that would tidy its path. */
async function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  let text = "";
  for await (const chunk of socket) text += String(chunk);
  return { status: Number(text.split(" ")[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) };
}

describe.each(Object.entries(configurations))("in the %s configuration", (_name, env) => {
  let t: TestApp;
  let port: number;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp(env);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());
  const origin = (env as { PUBLIC_URL?: string }).PUBLIC_URL ?? ORIGIN;

  async function linkFor(email: string): Promise<string> {
    const sent = t.mails.length;
    expect((await post(t, "/api/session/magic-link", { email }, { origin }, `10.40.${Object.keys(env).length}.${++ip}`)).statusCode).toBe(200);
    return tokenFromMail(t.mails[sent]!);
  }
  const users = async (email: string) => Number((await t.owner.query(`SELECT count(*) AS n FROM "user" WHERE email = $1`, [email])).rows[0].n);

  it("refuses every path trick before routing, and no account is made without a date of birth", async () => {
    const email = `path.trick.${Object.keys(env).length}@example.com`;
    const token = await linkFor(email);
    const tricks = [
      `/api/auth/callback/..\\magic-link\\verify?token=${token}`,
      `/api/auth/callback/../magic-link/verify?token=${token}`,
      `/api/auth/callback/%2e%2e/magic-link/verify?token=${token}`,
      `/api/auth/callback/..%2fmagic-link%2fverify?token=${token}`,
      `/api/auth/callback/..%5Cmagic-link%5Cverify?token=${token}`,
      `/api/auth/callback/google/../../magic-link/verify?token=${token}`,
      `/api/auth/callback/./google?code=x`,
      `/api/memories/..%2F..%2Fauth%2Fmagic-link%2Fverify?token=${token}`,
    ];
    for (const path of tricks) {
      const answer = await rawGet(port, path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body).error, path).toEqual({ code: "validation_failed", message: messages.pathRefused });
    }
    // The callback relay forwards Google's callback only, to its fixed path: another provider's name is not a route.
    expect((await rawGet(port, `/api/auth/callback/magic-link?token=${token}`)).status).toBe(404);
    expect(await users(email)).toBe(0);
    // The link still works through the one door that asks the date of birth.
    const confirmed = await post(t, "/api/session/magic-link/confirm", { token }, { origin });
    expect(confirmed.json().error.code).toBe("age_required");
  });

  it("answers eight presses of one guardian's link at once without waiting, then signs someone else in at once", async () => {
    const child = `teen.presses.${Object.keys(env).length}@example.com`;
    const guardian = `guardian.presses.${Object.keys(env).length}@example.com`;
    const token = await linkFor(child);
    const fifteen = `${new Date().getUTCFullYear() - 15}-01-01`;
    const pending = await post(t, "/api/session/magic-link/confirm", { token, birthDate: fifteen, guardianEmail: guardian }, { origin });
    expect(pending.json().guardianPending).toBe(true);
    const mail = [...t.mails].reverse().find((m) => m.to === guardian)!;
    const consent = new URLSearchParams(mail.text.match(/\/age\/guardian\?(\S+)/)![1]).get("token")!;

    const presses = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: "POST", url: "/age/guardian", payload: new URLSearchParams({ token: consent }).toString(), headers: { origin, "content-type": "application/x-www-form-urlencoded" } }),
      ),
    );
    const statuses = presses.map((p) => p.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    expect(await users(child)).toBe(1);
    const [age] = (await t.owner.query(`SELECT a.guardian_confirmed_at FROM age_checks a JOIN "user" u ON u.id = a.user_id WHERE u.email = $1`, [child])).rows;
    expect(age.guardian_confirmed_at).not.toBeNull();

    // Nothing is left holding the sign-in pool: another person asks for a link and signs in within a second.
    const started = Date.now();
    const other = await linkFor(`after.presses.${Object.keys(env).length}@example.com`);
    const signedIn = await post(t, "/api/session/magic-link/confirm", { token: other, birthDate: "1980-01-01" }, { origin });
    expect(signedIn.statusCode).toBe(200);
    expect((await get(t, "/api/session", cookieHeader(signedIn))).json().user.email).toMatch(/^after\.presses/);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
