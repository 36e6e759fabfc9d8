import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract";
import { createTestApp, get, signIn, type TestApp } from "../test/harness";
import { decideAccess } from "./access-policy";

describe("decideAccess", () => {
  it("lets everyone in when the mode is open", () => {
    expect(decideAccess({ ACCESS_MODE: "open", ALLOWED_EMAILS: [] }, "anyone@example.com")).toEqual({ allowed: true, reason: null });
  });

  it("compares allow-listed addresses ignoring case and surrounding whitespace", () => {
    const config = { ACCESS_MODE: "allowlist" as const, ALLOWED_EMAILS: ["ann@example.com"] };
    expect(decideAccess(config, "  ANN@Example.com ").allowed).toBe(true);
    expect(decideAccess(config, "bob@example.com")).toEqual({ allowed: false, reason: messages.accessDenied });
  });
});

describe("allowlist mode through the API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ACCESS_MODE: "allowlist", ALLOWED_EMAILS: " Invited@Example.com , other@example.com" });
  });
  afterAll(() => t.close());

  it("admits an address on the list and explains the refusal to anyone else", async () => {
    const invited = (await get(t, "/api/session", await signIn(t, "invited@example.com"))).json();
    expect(invited.access).toEqual({ allowed: true, reason: null });
    const stranger = (await get(t, "/api/session", await signIn(t, "stranger@example.com"))).json();
    expect(stranger.access).toEqual({ allowed: false, reason: messages.accessDenied });
  });
});
