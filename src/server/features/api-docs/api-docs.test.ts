import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type Endpoint } from "../../../contract";
import { requireContractForApiRoutes } from "../../platform/contract-routes-only";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the API describes itself", () => {
  it("serves OpenAPI 3.1 with every endpoint of the contract, each registered on the server", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string; security: unknown[] }>> };
    expect(doc.openapi).toBe("3.1.0");
    const endpoints = Object.entries(api) as [string, Endpoint][];
    for (const [name, endpoint] of endpoints) {
      const path = endpoint.path.replace(/:([A-Za-z]+)/g, "{$1}");
      const operation = doc.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, `${endpoint.method} ${endpoint.path}`).toBe(name);
      expect(operation?.security.length).toBe(endpoint.auth ? 1 : 0);
      // The development endpoints (under /api/dev/, and the debug page) exist in development only; everything else is served here.
      if (!(endpoint.path.startsWith("/api/dev/") || name === "getDebug")) expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path }), `${endpoint.method} ${endpoint.path}`).toBe(true);
    }
    const operations = Object.values(doc.paths).flatMap((byMethod) => Object.keys(byMethod));
    expect(operations).toHaveLength(endpoints.length);
  });

  it("documents parameters, query strings, headers and bodies from the schemas the server validates with", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const list = doc.paths["/api/memories"].get;
    expect(list.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(["query:q", "query:limit", "query:offset", "query:includeHidden"]));
    const create = doc.paths["/api/memories"].post;
    expect(create.parameters).toEqual([expect.objectContaining({ name: "idempotency-key", in: "header", required: false })]);
    expect(create.requestBody.content["application/json"].schema.properties.content.type).toBe("string");
    const one = doc.paths["/api/memories/{id}"].get;
    expect(one.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true, schema: expect.objectContaining({ format: "uuid" }) })]);
    expect(doc.paths["/api/twin/chat"].post.responses["2XX"].content).toHaveProperty(["text/event-stream"]);
    expect(doc.paths["/api/voice/sessions"].post.requestBody.content).toHaveProperty(["multipart/form-data"]);
  });

  it("serves the viewer and its files from this server, no CDN", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source.startsWith("/")).toBe(true);
      expect((await t.app.inject({ method: "GET", url: source })).statusCode, source).toBe(200);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/docs/assets/package.json" })).statusCode).toBe(404);
    // An encoded separator is refused before routing (SECURITY.md 44).
    expect((await t.app.inject({ method: "GET", url: "/api/docs/assets/..%2Fpackage.json" })).statusCode).toBe(400);
  });

  it("refuses to build an app with an /api route outside the contract", async () => {
    const app = Fastify();
    requireContractForApiRoutes(app);
    app.get("/api/health", async () => ({ ok: true }));
    expect(() => app.get("/api/secret-extra", async () => ({}))).toThrow(/not in src\/contract\/routes.ts/);
    app.get("/not-api", async () => "");
    await app.close();
  });
});
