import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract";
import { createTestApp, get, post, signIn, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("sessions", () => {
  it("reports nobody signed in without a cookie, and which sign-in methods exist", async () => {
    const response = await get(t, "/api/session");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null, access: null, providers: { google: false }, signUp: "open", devMode: true });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("knows the signed-in user and creates their profile with onboarding not complete", async () => {
    const cookie = await signIn(t, "Profile.Owner@Example.com");
    const session = (await get(t, "/api/session", cookie)).json();
    expect(session.user.email).toBe("profile.owner@example.com");
    expect(session.access).toEqual({ allowed: true, reason: null, scope: "full", age: "adult" });
    const rows = await t.owner.query(`SELECT onboarding_complete FROM profiles WHERE user_id = $1`, [session.user.id]);
    expect(rows.rows).toEqual([{ onboarding_complete: false }]);
    const profile = (await get(t, "/api/profile", cookie)).json().profile;
    expect(profile).toMatchObject({ id: session.user.id, onboardingComplete: false, userIntents: [] });
  });

  it("sign-out ends the session on the server: replaying the old cookie gets 401", async () => {
    const cookie = await signIn(t, "leaving@example.com");
    expect((await get(t, "/api/profile", cookie)).statusCode).toBe(200);
    const out = await post(t, "/api/session/sign-out", {}, { cookie });
    expect(out.statusCode).toBe(200);
    const replay = await get(t, "/api/profile", cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: { code: "unauthenticated", message: messages.notSignedIn } });
    expect((await get(t, "/api/session", cookie)).json().user).toBeNull();
  });

  it("revokes a session older than the absolute lifetime", async () => {
    const cookie = await signIn(t, "old-session@example.com");
    await t.owner.query(
      `UPDATE session SET created_at = now() - interval '31 days' WHERE user_id = (SELECT id FROM "user" WHERE email = 'old-session@example.com')`,
    );
    expect((await get(t, "/api/profile", cookie)).statusCode).toBe(401);
  });

  it("answers 401 on a guarded endpoint without a session", async () => {
    const response = await get(t, "/api/profile");
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
  });

  it("says Google sign-in is not available when it is not configured", async () => {
    const response = await post(t, "/api/session/google", {});
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: "provider_not_configured", message: messages.googleUnavailable });
  });

  it("completes onboarding for the signed-in user only", async () => {
    const cookie = await signIn(t, "finisher@example.com");
    const response = await post(t, "/api/profile/onboarding-complete", {}, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.onboardingComplete).toBe(true);
    const others = await t.owner.query(`SELECT count(*)::int AS n FROM profiles WHERE onboarding_complete AND user_id <> $1`, [
      response.json().profile.id,
    ]);
    expect(others.rows[0].n).toBe(0);
  });
});

describe("origin check", () => {
  it("refuses a state-changing request from another origin or with no origin", async () => {
    const foreign = await t.app.inject({ method: "POST", url: "/api/session/magic-link", payload: { email: "x@example.com" }, headers: { origin: "https://evil.example" } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toEqual({ code: "origin_rejected", message: messages.originRejected });
    const none = await t.app.inject({ method: "POST", url: "/api/session/sign-out", payload: {} });
    expect(none.statusCode).toBe(403);
  });

  it("accepts a same-origin request that carries Sec-Fetch-Site instead of Origin", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/session/sign-out", payload: {}, headers: { "sec-fetch-site": "same-origin" } });
    expect(response.statusCode).toBe(200);
  });
});

describe("errors", () => {
  it("answers malformed JSON with the 400 envelope, not a 500", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/session/magic-link",
      payload: "{not json",
      headers: { origin: "http://localhost:3000", "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
  });

  it("answers an unknown API path with the 404 envelope", async () => {
    const response = await get(t, "/api/nothing-here");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });
});
