import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract";
import { createTestApp, ORIGIN, signIn, type TestApp } from "../test/harness";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t, "utf8.body@example.com");
});
afterAll(() => t.close());

const rawJson = (url: string, payload: Buffer) =>
  t.app.inject({ method: "POST", url, payload, headers: { origin: ORIGIN, cookie, "content-type": "application/json" } });

// "caf\xE9" is Latin-1, not UTF-8; \xC3\x28 an invalid two-byte sequence. Both used to be stored as U+FFFD.
const invalid = (text: string) => Buffer.concat([Buffer.from(`{"content":"${text} caf`), Buffer.from([0xe9, 0xc3, 0x28]), Buffer.from(`","emotion":"Joy"}`)]);

describe("JSON bodies that are not UTF-8 (issue 31, finding 12)", () => {
  it("are refused with a 400 in the envelope and nothing is stored", async () => {
    const response = await rawJson("/api/memories", invalid("A memory"));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: "validation_failed", message: messages.invalidUtf8 } });
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM memories WHERE content LIKE 'A memory%'`)).rows[0].n).toBe(0);
    // The same text in UTF-8 is stored as written.
    const valid = await rawJson("/api/memories", Buffer.from(`{"content":"A memory caf\u00e9","emotion":"Joy"}`));
    expect(valid.statusCode).toBe(201);
    expect(valid.json().memory.content).toBe("A memory caf\u00e9");
  });

  it("are refused the same way when large enough to be read in a thread (the import)", async () => {
    const response = await rawJson("/api/import", invalid("x".repeat(300 * 1024)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: "validation_failed", message: messages.invalidUtf8 } });
  });

  it("a sign-in form that is not UTF-8 is refused too", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/login/send",
      payload: Buffer.concat([Buffer.from("email=caf"), Buffer.from([0xe9]), Buffer.from("%40example.com")]),
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.invalidUtf8);
  });
});
