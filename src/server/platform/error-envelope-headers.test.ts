import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract";
import { installErrorHandler } from "./error-handler";
import { toLocationHeader } from "./location-header";

// A header Node cannot write fails only when the headers are written, after the handler has returned; our envelope
// must still be what leaves (issue 31, finding 7).
const app = Fastify({ logger: false });
beforeAll(async () => {
  installErrorHandler(app);
  app.get("/redirect", async (_request, reply) => reply.redirect("/\u0101", 303));
  app.get("/download", async (_request, reply) => reply.header("content-disposition", 'attachment; filename="\u0101.json"').send({ ok: true }));
  app.get("/encoded", async (_request, reply) => reply.redirect(toLocationHeader("/caf\u00e9/\u0101?q=\u0001#x"), 303));
  await app.ready();
});
afterAll(() => app.close());

describe("errors raised while the headers are written", () => {
  it.each(["/redirect", "/download"])("%s answers our 500 envelope without the header, never Fastify's own body", async (url) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: "internal_error", message: messages.internal } });
    expect(response.headers.location).toBeUndefined();
    expect(response.headers["content-disposition"]).toBeUndefined();
  });

  it("a path made safe for Location is percent-encoded as a browser would, and redirects", async () => {
    expect(toLocationHeader("/dashboard?tab=1#x")).toBe("/dashboard?tab=1#x");
    expect(toLocationHeader("/\ud800x")).toBe("/%EF%BF%BDx");
    const response = await app.inject({ method: "GET", url: "/encoded" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/caf%C3%A9/%C4%81?q=%01#x");
  });
});
