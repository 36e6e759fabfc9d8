import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract";
import { createTestApp, get, signIn, type TestApp } from "../test/harness";
import { decideAccess } from "./access-policy";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACCESS_MODE: "allowlist", ALLOWED_EMAILS: " Invited@Example.com , other@example.com" });
});
afterAll(() => t.close());

const addWaitlistEntry = (email: string, seq: number, extra = "") =>
  t.owner.query(
    `INSERT INTO waitlist_entries (email, referral_code, signup_seq, unsubscribe_token_hash${extra ? ", invited_at, unsubscribed_at" : ""})
     VALUES ($1, $2, $3, $4${extra})`,
    [email, `code${seq}`, seq, `hash${seq}`],
  );

/** An address with no account: its age is unknown. */
const person = (email: string) => ({ id: "no-such-user", email });

describe("decideAccess", () => {
  it("lets everyone in when the mode is open, with what is known of their age", async () => {
    const decision = await decideAccess(t.ctx.authDb, { ACCESS_MODE: "open", ALLOWED_EMAILS: [] }, person("anyone@example.com"), new Date());
    expect(decision).toEqual({ allowed: true, reason: null, scope: "full", age: "unknown" });
  });

  it("compares allow-listed addresses ignoring case and surrounding whitespace", async () => {
    const config = { ACCESS_MODE: "allowlist" as const, ALLOWED_EMAILS: ["ann@example.com"] };
    expect((await decideAccess(t.ctx.authDb, config, person("  ANN@Example.com "), new Date())).allowed).toBe(true);
    expect(await decideAccess(t.ctx.authDb, config, person("bob@example.com"), new Date())).toEqual({ allowed: false, reason: messages.accessDenied, scope: "full", age: "unknown" });
  });

  it("admits an address invited from the waitlist, even after it unsubscribed, but not one merely waiting", async () => {
    const config = { ACCESS_MODE: "allowlist" as const, ALLOWED_EMAILS: ["ann@example.com"] };
    await addWaitlistEntry("waiting@example.com", 1);
    await addWaitlistEntry("beta@example.com", 2, ", now(), NULL");
    await addWaitlistEntry("left-later@example.com", 3, ", now() - interval '1 day', now()");
    expect(await decideAccess(t.ctx.authDb, config, person("waiting@example.com"), new Date())).toEqual({ allowed: false, reason: messages.accessDenied, scope: "full", age: "unknown" });
    expect((await decideAccess(t.ctx.authDb, config, person(" Beta@Example.com"), new Date())).allowed).toBe(true);
    expect((await decideAccess(t.ctx.authDb, config, person("left-later@example.com"), new Date())).allowed).toBe(true);
  });
});

describe("allowlist mode through the API", () => {
  it("admits an address on the list and explains the refusal to anyone else", async () => {
    const invited = (await get(t, "/api/session", await signIn(t, "invited@example.com"))).json();
    expect(invited.access).toEqual({ allowed: true, reason: null, scope: "full", age: "adult" });
    const strangerCookie = await signIn(t, "stranger@example.com");
    const stranger = (await get(t, "/api/session", strangerCookie)).json();
    expect(stranger.access).toEqual({ allowed: false, reason: messages.accessDenied, scope: "full", age: "adult" });
    // The API enforces the same rule as the web guard.
    const refused = await get(t, "/api/profile", strangerCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: "access_denied", message: messages.accessDenied });
  });
});
