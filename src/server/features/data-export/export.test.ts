import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consciousnessExportSchema, messages } from "../../../contract";
import { createTestApp, get, ORIGIN, signIn, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (method: "POST" | "PUT" | "PATCH", url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method, url, payload: payload as object, headers: { origin: ORIGIN, cookie } });

describe("consciousness export", () => {
  it("downloads a file with the spec's structure", async () => {
    const cookie = await signIn(t, "smoke.export@example.com");
    await send("POST", "/api/memories", { content: "My first bicycle was red.", emotion: "Joy" }, cookie);
    const response = await get(t, "/api/export/consciousness", cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="consciousness-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = consciousnessExportSchema.parse(JSON.parse(response.body));
    expect(file.memories.count).toBe(1);
    expect(messages.reauthRequired).toBeTruthy();
  });
});
