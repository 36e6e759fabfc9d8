import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobHandlers } from "../job-handlers";
import { createTestApp, newUser, ORIGIN, type TestApp } from "../test/harness";
import { createJobWorker } from "./jobs/job-worker";

let t: TestApp;
let direct: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "1" }); // behind a load balancer that sends x-request-id
  direct = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await direct.close();
});

describe("a request id follows a request into its jobs", () => {
  it("answers with the request's id, stores it with the jobs it queues (a trigger's too), and every log line of those jobs carries it", async () => {
    const { cookie, id } = await newUser(t, "request.trail@example.com");
    const requestId = "lb-7f3a9c21-request";
    const created = await t.app.inject({
      method: "POST",
      url: "/api/memories",
      payload: { content: "The night the power went out we played cards by candlelight.", emotion: "Joy" },
      headers: { cookie, origin: ORIGIN, "x-request-id": requestId },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers["x-request-id"]).toBe(requestId);
    // The memory's embedding job is queued by a database trigger in the request's transaction.
    const queued = await t.owner.query(`SELECT kind, request_id FROM jobs WHERE kind = 'twin-embed' AND payload->>'userId' = $1`, [id]);
    expect(queued.rows).toEqual([{ kind: "twin-embed", request_id: requestId }]);

    const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
    await createJobWorker(t.queueDb, jobHandlers(t.ctx), { log: (level, fields, message) => lines.push({ level, fields, message }) }).drain();
    const ofRequest = lines.filter((l) => l.fields.requestId === requestId);
    expect(ofRequest.map((l) => l.message)).toEqual(["job started", "job done"]);
    expect(ofRequest[0]!.fields).toMatchObject({ kind: "twin-embed", attempt: 1 });

    // An id that is not a plain token, or one sent straight to a server with no proxy configured, is replaced.
    const own = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "bad id with spaces" } });
    expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const unproxied = await direct.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": requestId } });
    expect(unproxied.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
