import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ageMessages } from "../../../contract";
import { startFakeGoogle, type FakeGoogle } from "../../../../e2e/fixtures/fake-google";
import { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } from "../../../../e2e/fixtures/google-accounts";
import { ADULT_BIRTH_DATE, createTestApp, get, newUser, ORIGIN, post, type TestApp } from "../../test/harness";

// Issue 33 / decision 0029: a new account made through Google states an age before it exists, as the magic link's does;
// existing Google users sign in as before.
vi.setConfig({ testTimeout: 60_000 });
let google: FakeGoogle;
let t: TestApp;
const accounts = [
  { sub: "200000000000000000001", email: "new.adult.google@example.com", emailVerified: true, name: "Ada" },
  { sub: "200000000000000000002", email: "too.young.google@example.com", emailVerified: true, name: "Kid" },
  { sub: "200000000000000000003", email: "teen.google@example.com", emailVerified: true, name: "Teen" },
  { sub: "200000000000000000004", email: "teen.unverified@example.com", emailVerified: false, name: "Teen two" },
  { sub: "200000000000000000005", email: "no.age.google@example.com", emailVerified: true, name: "Nobody" },
  { sub: "200000000000000000006", email: "existing.google@example.com", emailVerified: true, name: "Known" },
  { sub: "200000000000000000007", email: "replayed.google@example.com", emailVerified: true, name: "Replay" },
];
beforeAll(async () => {
  google = await startFakeGoogle({ clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET, redirectUris: [`${ORIGIN}/api/auth/callback/google`], accounts });
  t = await createTestApp({ GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_DISCOVERY_URL: google.discoveryUrl });
});
afterAll(async () => {
  await t.close();
  await google.stop();
});

const count = async (query: string, params: unknown[] = []) => Number((await t.owner.query(query, params)).rows[0].n);
const usersNamed = (email: string) => count(`SELECT count(*) AS n FROM "user" WHERE email = $1`, [email]);
let ip = 0;

/** The cookies a browser would keep from these Set-Cookie headers (an expired one removes its name). */
function keep(jar: Map<string, string>, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair] = line.split(";");
    const name = pair!.slice(0, pair!.indexOf("="));
    const value = pair!.slice(name.length + 1);
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}
const header = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Chooses the account on the stand-in Google and answers the callback URL it sends the browser back to. */
async function chooseAccount(authorisationUrl: string, sub: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorisationUrl;
  for (let step = 0; step < 10; step++) {
    const response = await fetch(url, { redirect: "manual", headers: { cookie: header(jar) } });
    keep(jar, response.headers.getSetCookie());
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url).toString();
      if (next.startsWith(ORIGIN)) return next;
      url = next;
      continue;
    }
    const action = (await response.text()).match(/action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no account chooser at ${url}`);
    const chosen = await fetch(new URL(action, url), {
      method: "POST",
      redirect: "manual",
      headers: { cookie: header(jar), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ sub }).toString(),
    });
    keep(jar, chosen.headers.getSetCookie());
    url = new URL(chosen.headers.get("location")!, url).toString();
  }
  throw new Error("the stand-in Google never sent the browser back");
}

/** A whole Google sign-in as the login page runs it; answers where the browser lands and the app's cookies. */
async function signInWithGoogle(sub: string, statement: Record<string, string> = {}, tamper?: (jar: Map<string, string>) => void) {
  const started = await post(t, "/api/session/google", { next: "/dashboard", ...statement }, {}, `10.34.0.${++ip}`);
  if (started.statusCode !== 200) return { started, landed: null, jar: new Map<string, string>() };
  const jar = new Map<string, string>();
  keep(jar, [started.headers["set-cookie"] ?? []].flat());
  tamper?.(jar);
  const callback = new URL(await chooseAccount(started.json().url, sub));
  const finished = await t.app.inject({ method: "GET", url: callback.pathname + callback.search, headers: { cookie: header(jar) } });
  keep(jar, [finished.headers["set-cookie"] ?? []].flat());
  return { started, landed: new URL(String(finished.headers.location), ORIGIN), jar };
}
const errorOf = (landed: URL | null) => landed?.searchParams.get("error");

describe("a new account through Google", () => {
  it("is not created without a stated age: the login page is asked to ask it", async () => {
    const { landed } = await signInWithGoogle(accounts[4]!.sub);
    expect(landed?.pathname).toBe("/login");
    expect(errorOf(landed)).toBe("age_required");
    expect(landed?.searchParams.get("error_description")).toBe(ageMessages.googleAgeRequired);
    expect(await usersNamed("no.age.google@example.com")).toBe(0);
  });

  it("is created for an adult, with the date of birth as stated, and signed in", async () => {
    const { landed, jar } = await signInWithGoogle(accounts[0]!.sub, { birthDate: "1990-02-03" });
    expect(landed?.pathname).toBe("/dashboard");
    const cookie = header(jar);
    const session = (await get(t, "/api/session", cookie)).json();
    expect(session.user.email).toBe("new.adult.google@example.com");
    expect((await get(t, "/api/legacy/age", cookie)).json()).toEqual({ status: "adult", birthDate: "1990-02-03" });
  });

  it("refuses under 13 before Google is asked, and keeps nothing", async () => {
    const nineYearsAgo = `${new Date().getUTCFullYear() - 9}-01-01`;
    const { started } = await signInWithGoogle(accounts[1]!.sub, { birthDate: nineYearsAgo });
    expect(started.statusCode).toBe(403);
    expect(started.json().error).toEqual({ code: "age_not_permitted", message: ageMessages.underMinimum });
    expect(started.headers["set-cookie"]).toBeUndefined();
    expect(await usersNamed("too.young.google@example.com")).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM verification`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM age_guardian_requests`)).toBe(0);
  });

  it("keeps 13–17 as a sealed request for the guardian, with no account; the consent creates it and Google then signs in", async () => {
    const fifteen = `${new Date().getUTCFullYear() - 15}-01-01`;
    const needsGuardian = await post(t, "/api/session/google", { birthDate: fifteen }, {}, `10.34.1.1`);
    expect(needsGuardian.statusCode).toBe(422);
    expect(needsGuardian.json().error.code).toBe("guardian_required");

    const { landed } = await signInWithGoogle(accounts[2]!.sub, { birthDate: fifteen, guardianEmail: "Parent.Google@example.com" });
    expect(errorOf(landed)).toBe("guardian_asked");
    expect(await usersNamed("teen.google@example.com")).toBe(0);
    const [request] = (await t.owner.query(`SELECT user_id, sealed FROM age_guardian_requests`)).rows;
    expect(request.user_id).toBeNull();
    for (const secret of ["teen.google", fifteen, "parent.google"]) expect(JSON.stringify(request)).not.toContain(secret);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe("parent.google@example.com");
    const consent = new URLSearchParams(mail.text.match(/\/age\/guardian\?(\S+)/)![1]).get("token")!;
    const agreed = await t.app.inject({ method: "POST", url: "/age/guardian", payload: new URLSearchParams({ token: consent }).toString(), headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" } });
    expect(agreed.body).toContain(ageMessages.guardianConfirmed);

    // Now the account exists: Google signs in (linked, its address verified) with no statement.
    const after = await signInWithGoogle(accounts[2]!.sub);
    expect(after.landed?.pathname).toBe("/dashboard");
    expect((await get(t, "/api/legacy/age", header(after.jar))).json()).toEqual({ status: "minor-consented", birthDate: fifteen });
  });

  it("refuses a 13–17 sign-up whose address Google does not vouch for, and tells them to use an e-mail link", async () => {
    const sixteen = `${new Date().getUTCFullYear() - 16}-01-01`;
    const { landed } = await signInWithGoogle(accounts[3]!.sub, { birthDate: sixteen, guardianEmail: "parent.two@example.com" });
    expect(errorOf(landed)).toBe("minor_email_unverified");
    expect(landed?.searchParams.get("error_description")).toBe(ageMessages.googleMinorUnverified);
    expect(await usersNamed("teen.unverified@example.com")).toBe(0);
  });

  it("does not accept a statement made for another sign-in, or one altered in the browser", async () => {
    const first = await post(t, "/api/session/google", { birthDate: ADULT_BIRTH_DATE }, {}, `10.34.2.1`);
    const stale = [first.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("mindprint.google_age="))!;
    const other = await signInWithGoogle(accounts[6]!.sub, {}, (jar) => keep(jar, [stale]));
    expect(errorOf(other.landed)).toBe("age_required");

    const altered = await signInWithGoogle(accounts[6]!.sub, { birthDate: ADULT_BIRTH_DATE }, (jar) => {
      const [payload, signature] = jar.get("mindprint.google_age")!.split(".");
      const statement = JSON.parse(Buffer.from(payload!, "base64url").toString());
      jar.set("mindprint.google_age", `${Buffer.from(JSON.stringify({ ...statement, birthDate: "2001-01-01" })).toString("base64url")}.${signature}`);
    });
    expect(errorOf(altered.landed)).toBe("age_required");
    expect(await usersNamed("replayed.google@example.com")).toBe(0);
  });

  it("sets the statement only as a short-lived httpOnly cookie sent to the callback", async () => {
    const started = await post(t, "/api/session/google", { birthDate: ADULT_BIRTH_DATE }, {}, `10.34.3.1`);
    const line = [started.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("mindprint.google_age="))!;
    expect(line).toMatch(/Path=\/api\/auth\/callback; Max-Age=600; HttpOnly; SameSite=Lax/);
  });
});

describe("an existing account through Google", () => {
  it("signs in as before, with no question", async () => {
    const known = await newUser(t, "existing.google@example.com");
    const { landed, jar } = await signInWithGoogle(accounts[5]!.sub);
    expect(landed?.pathname).toBe("/dashboard");
    expect((await get(t, "/api/session", header(jar))).json().user.id).toBe(known.id);
  });
});
