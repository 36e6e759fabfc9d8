import Fastify from "fastify";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Endpoint } from "../../contract";
import type { PlatformContext } from "./context";
import { installErrorHandler } from "./error-handler";
import { defineRoute } from "./http";

const logs: string[] = [];
const app = Fastify({ logger: { level: "error", stream: new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) }) } });
installErrorHandler(app);
const ctx = {} as PlatformContext;

const thing = {
  method: "GET",
  path: "/api/things/:id",
  auth: false,
  summary: "One thing.",
  params: z.object({ id: z.uuid() }),
  missing: { code: "memory_not_found", message: "We could not find that thing." },
  query: z.object({ size: z.coerce.number().int().min(1).max(10).default(3) }),
  response: z.object({ id: z.string(), size: z.number() }),
} as const satisfies Endpoint;
let answer: unknown = null;
defineRoute(app, ctx, thing, async ({ params, query }) => (answer ?? { id: params.id, size: query.size, secret: "never leaves" }) as never);

const id = "0b7e6f5c-5d1a-4f63-9d2e-2f1c3b4a5d6e";
afterEach(() => {
  answer = null;
  logs.length = 0;
});

describe("defineRoute: the contract all the way", () => {
  it("parses path and query, and writes only what the response schema names", async () => {
    const res = await app.inject({ method: "GET", url: `/api/things/${id}?size=7` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify({ id, size: 7 }));
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers a malformed path id with the contract's 404, not a 400", async () => {
    const res = await app.inject({ method: "GET", url: "/api/things/not-an-id" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "memory_not_found", message: "We could not find that thing." } });
  });

  it("refuses a query outside the schema with the 400 envelope naming the field", async () => {
    const res = await app.inject({ method: "GET", url: `/api/things/${id}?size=99` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "validation_failed", fields: { size: expect.any(String) } });
  });

  it("turns an answer that breaks its schema into a logged 500 without internals", async () => {
    answer = { id: 42, size: "big" };
    const res = await app.inject({ method: "GET", url: `/api/things/${id}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: "internal_error", message: expect.any(String) } });
    expect(res.body).not.toMatch(/size|big|things/);
    expect(logs.join("")).toContain("an answer broke its response schema");
    expect(logs.join("")).toContain("GET /api/things/:id");
  });
});
