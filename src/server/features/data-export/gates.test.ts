import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportMessages, IMPORT_FILE_MAX_BYTES, IMPORT_MAX_BYTES, messages } from "../../../contract";
import { createTestApp, get, ORIGIN, signIn, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("exports and imports inside the gates (issue 31, findings 4 and 5)", () => {
  it("one person's 30 plain exports at once: two run, the rest answer 429 with Retry-After, and the slots come back", async () => {
    const cookie = await signIn(t, "export.flood@example.com");
    await t.owner.query(
      `INSERT INTO memories (user_id, content, emotion, authenticity_score) SELECT u.id, 'Memory ' || g, 'Joy', 50 FROM "user" u, generate_series(1, 300) g WHERE u.email = $1`,
      ["export.flood@example.com"],
    );
    const answers = await Promise.all(Array.from({ length: 30 }, () => get(t, "/api/export/consciousness", cookie)));
    const refused = answers.filter((a) => a.statusCode === 429);
    const served = answers.filter((a) => a.statusCode === 200);
    expect(served.length + refused.length).toBe(30);
    expect(served.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(20);
    for (const a of refused) {
      expect(Number(a.headers["retry-after"])).toBeGreaterThan(0);
      expect(a.json()).toEqual({ error: { code: "rate_limited", message: exportMessages.transferBusyPerson } });
    }
    for (const a of served) expect(JSON.parse(a.body).memories.count).toBe(300);
    // Another person is not held back by the first one's flood, and the first person's slots are free again.
    expect((await get(t, "/api/export/consciousness", await signIn(t, "export.other@example.com"))).statusCode).toBe(200);
    expect((await get(t, "/api/export/consciousness", cookie)).statusCode).toBe(200);
  });

  it("six bad imports at the size limit at once leave the event loop free: /api/health stays fast", async () => {
    const people: string[] = [];
    for (let i = 0; i < 6; i++) people.push(await signIn(t, `bad.import.${i}@example.com`));
    const healthAt = async () => {
      const started = performance.now();
      expect((await get(t, "/api/health")).statusCode).toBe(200);
      return performance.now() - started;
    };
    const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.99)] ?? Infinity;
    const baseline: number[] = [];
    for (let i = 0; i < 50; i++) baseline.push(await healthAt());

    // At the limits: three bodies of empty arrays (the body itself, up to the largest file), three plain files of them
    // (inside the body's string, up to the largest export).
    const arrays = (bytes: number) => `[${"[],".repeat(Math.floor(bytes / 3) - 1)}[]]`;
    const body = arrays(IMPORT_FILE_MAX_BYTES - 1024);
    const inFile = JSON.stringify({ file: arrays(IMPORT_MAX_BYTES - 1024) });
    // As bytes before the clock starts: turning 64 MB strings into bytes is the test client's work, not the server's.
    const bodies = [body, body, body, inFile, inFile, inFile].map((text) => Buffer.from(text));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let flooding = true;
    const imports = Promise.all(
      bodies.map((payload, i) => t.app.inject({ method: "POST", url: "/api/import", payload, headers: { origin: ORIGIN, cookie: people[i]!, "content-type": "application/json" } })),
    ).finally(() => (flooding = false));
    const during: number[] = [];
    while (flooding) {
      during.push(await healthAt());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const answers = await imports;
    delay.disable();

    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 422, 422, 422]);
    expect(answers.slice(0, 3).map((a) => a.json().error.message)).toEqual([messages.bodyTooComplex, messages.bodyTooComplex, messages.bodyTooComplex]);
    expect(answers.slice(3).map((a) => a.json().error.code)).toEqual(["import_damaged_file", "import_damaged_file", "import_damaged_file"]);
    // Many samples while the files were being read (the old synchronous parse froze the loop for seconds per body).
    expect(during.length).toBeGreaterThanOrEqual(20);
    const figures = { baselineP99: p99(baseline), duringP99: p99(during), samples: during.length, loopDelayMaxMs: delay.max / 1e6, loopDelayP99Ms: delay.percentile(99) / 1e6 };
    console.log("health under six bad imports", JSON.stringify(figures));
    // The bounds are the failure this guards against, not a speed target (those live in bench/): one synchronous
    // parse of a body at the limit froze the loop, and every health answer with it, for seconds. A shared CI runner's
    // scheduling noise reaches a few hundred milliseconds, so a tighter bound here would measure the runner, not us.
    expect(figures.duringP99).toBeLessThan(1000);
    // Copying the bodies is all the loop does (tens of milliseconds each); the old synchronous parse took seconds per
    // body, six bodies one after another. In the full suite on CI's two cores, one pause of this test process (the
    // collector reclaiming its six 64 MB bodies) measured 0.97 s and 1.05 s in two runs: the bound is the failure, 2 s.
    expect(figures.loopDelayMaxMs).toBeLessThan(2000);
  }, 120_000);
});
