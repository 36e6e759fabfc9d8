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

describe("decideAccess", () => {
  it("lets everyone in when the mode is open, without asking the database", async () => {
    const noDatabase = new Proxy({}, { get: () => () => Promise.reject(new Error("the database was asked")) });
    const decision = await decideAccess(noDatabase as never, { ACCESS_MODE: "open", ALLOWED_EMAILS: [] }, "anyone@example.com");
    expect(decision).toEqual({ allowed: true, reason: null, scope: "full" });
  });

  it("compares allow-listed addresses ignoring case and surrounding whitespace", async () => {
    const config = { ACCESS_MODE: "allowlist" as const, ALLOWED_EMAILS: ["ann@example.com"] };
    expect((await decideAccess(t.ctx.authDb, config, "  ANN@Example.com ")).allowed).toBe(true);
    expect(await decideAccess(t.ctx.authDb, config, "bob@example.com")).toEqual({ allowed: false, reason: messages.accessDenied, scope: "full" });
  });

  it("admits an address invited from the waitlist, even after it unsubscribed, but not one merely waiting", async () => {
    const config = { ACCESS_MODE: "allowlist" as const, ALLOWED_EMAILS: ["ann@example.com"] };
    await addWaitlistEntry("waiting@example.com", 1);
    await addWaitlistEntry("beta@example.com", 2, ", now(), NULL");
    await addWaitlistEntry("left-later@example.com", 3, ", now() - interval '1 day', now()");
    expect(await decideAccess(t.ctx.authDb, config, "waiting@example.com")).toEqual({ allowed: false, reason: messages.accessDenied, scope: "full" });
    expect((await decideAccess(t.ctx.authDb, config, " Beta@Example.com")).allowed).toBe(true);
    expect((await decideAccess(t.ctx.authDb, config, "left-later@example.com")).allowed).toBe(true);
  });
});

describe("allowlist mode through the API", () => {
  it("admits an address on the list and explains the refusal to anyone else", async () => {
    const invited = (await get(t, "/api/session", await signIn(t, "invited@example.com"))).json();
    expect(invited.access).toEqual({ allowed: true, reason: null, scope: "full" });
    const strangerCookie = await signIn(t, "stranger@example.com");
    const stranger = (await get(t, "/api/session", strangerCookie)).json();
    expect(stranger.access).toEqual({ allowed: false, reason: messages.accessDenied, scope: "full" });
    // The API enforces the same rule as the web guard.
    const refused = await get(t, "/api/profile", strangerCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: "access_denied", message: messages.accessDenied });
  });
});
