import Fastify from "fastify";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { devMailBlock } from "./mail/dev-mailbox";
import { logFailedAndSlowRequests, SLOW_REQUEST_MS } from "./dev-log";

describe("development's terminal", () => {
  it("logs only failed and slow requests", async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const app = Fastify({ logger: { level: "info", stream }, disableRequestLogging: true });
    logFailedAndSlowRequests(app);
    app.get("/ok", async () => ({ ok: true }));
    app.get("/broken", async (_req, reply) => reply.status(500).send({ error: "x" }));
    app.get("/slow", async () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), SLOW_REQUEST_MS + 50)));
    for (let i = 0; i < 5; i++) await app.inject({ method: "GET", url: "/ok?token=secret" });
    await app.inject({ method: "GET", url: "/broken?token=secret" });
    await app.inject({ method: "GET", url: "/slow" });
    await app.close();
    const messages = lines.map((l) => JSON.parse(l).msg as string);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^GET \/broken → 500 in \d+ ms$/);
    expect(messages[1]).toMatch(/^slow: GET \/slow → 200 in \d+ ms$/);
    expect(lines.join("")).not.toContain("secret");
  });

  it("frames a dev-mailbox mail and repeats its link on a line of its own", () => {
    const block = devMailBlock({ to: "ada@example.com", subject: "Your sign-in link", text: "Sign in to Mindprint:\nhttp://localhost:3000/login/confirm?token=abc&next=%2F\n\nIt expires in 15 minutes." });
    expect(block).toContain("║ Dev mailbox · to ada@example.com");
    expect(block).toContain("║ ➜ http://localhost:3000/login/confirm?token=abc&next=%2F");
    expect(block.split("\n").at(-2)).toMatch(/^╚═+$/);
  });
});
