import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, newUser, ORIGIN, send, type TestApp } from "../../test/harness";
import { startFakeS3, type FakeS3 } from "../../test/fake-s3";
import { writeSyntheticAppleExport } from "../../test/synthetic-apple-export";
import { postFile } from "../../test/multipart";
import { runDueJobs, speechFixture, uploadRecording } from "./test-helpers";

// STORAGE=s3 end to end, against a local server that speaks the S3 API: what the person does with recordings,
// device exports and their account works the same as on the disk, and the bucket holds exactly what the rows say.
let s3: FakeS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const realKeys = () => s3.keys().filter((k) => !k.startsWith("tmp/"));
const owned = (userId: string) => realKeys().filter((k) => k.startsWith(`${userId}/`));

describe("recordings and exports in an S3 bucket", () => {
  it("stores a recording in the bucket, plays it with ranges to its owner only, and deletes it", async () => {
    const { cookie, id } = await newUser(t, "s3.voice@example.com");
    const other = await newUser(t, "s3.other@example.com");
    const created = await uploadRecording(t, cookie, speechFixture);
    expect(created.statusCode).toBe(201);
    const { session } = created.json();
    expect(owned(id)).toEqual([`${id}/${session.filename}`]);
    const whole = await t.app.inject({ method: "GET", url: `/api/voice/sessions/${session.id}/audio`, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(speechFixture)).toBe(true);
    const part = await t.app.inject({ method: "GET", url: `/api/voice/sessions/${session.id}/audio`, headers: { cookie, range: "bytes=100-199" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${speechFixture.length}`);
    expect(part.rawPayload.equals(speechFixture.subarray(100, 200))).toBe(true);
    expect((await get(t, `/api/voice/sessions/${session.id}/audio`, other.cookie)).statusCode).toBe(404);
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/voice/sessions/${session.id}`, headers: { cookie, origin: ORIGIN } });
    expect(deleted.statusCode).toBe(200);
    expect(owned(id)).toEqual([]);
  });

  it("reads a device export from the bucket (a zip needs random access) and removes the upload once read", async () => {
    const { cookie, id } = await newUser(t, "s3.health@example.com");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "s3-health-")), "export.zip");
    await writeSyntheticAppleExport(file, { days: 3, minutesPerReading: 30, from: new Date(Date.now() - 3 * 86_400_000) });
    const sent = await postFile(t, cookie, "/api/biometrics/imports", fs.readFileSync(file), { field: "file", filename: "export.zip", contentType: "application/zip" });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(owned(id)).toHaveLength(1);
    await runDueJobs(t);
    const done = (await get(t, `/api/biometrics/imports/${sent.json().import.id}`, cookie)).json().import;
    expect(done).toMatchObject({ status: "done" });
    expect(done.kept).toBeGreaterThan(0);
    expect(owned(id)).toEqual([]);
  });

  it("an outage refuses an upload with a clear error and stores nothing; a delete that fails is finished by a job", async () => {
    const { cookie, id } = await newUser(t, "s3.outage@example.com");
    const kept = (await uploadRecording(t, cookie, speechFixture)).json().session;
    await s3.stop();
    let failed;
    try {
      failed = await uploadRecording(t, cookie, speechFixture);
      // The recording is deleted while the bucket is down: the row goes, the file waits for the job.
      const deleted = await t.app.inject({ method: "DELETE", url: `/api/voice/sessions/${kept.id}`, headers: { cookie, origin: ORIGIN } });
      expect(deleted.statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.message).toMatch(/storage.*try again/i);
    const rows = await t.owner.query(`SELECT count(*)::int AS n FROM voice_sessions WHERE user_id = $1`, [id]);
    expect(rows.rows[0].n).toBe(0);
    expect(owned(id)).toEqual([`${id}/${kept.filename}`]); // still there until the job runs
    await t.owner.query(`UPDATE jobs SET run_after = now() WHERE kind = 'storage.remove'`);
    await runDueJobs(t);
    expect(owned(id)).toEqual([]);
  });

  it("readiness says whether the bucket answers: 503 while it does not, liveness stays 200", async () => {
    expect((await get(t, "/api/health/ready")).json()).toEqual({ status: "ready", database: "connected", storage: "reachable" });
    await s3.stop();
    try {
      const down = await get(t, "/api/health/ready");
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: "not-ready", database: "connected", storage: "unreachable" });
      expect((await get(t, "/api/health")).statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    expect((await get(t, "/api/health/ready")).statusCode).toBe(200);
  });

  it("deleting the account removes every object of that person and none of anyone else's", async () => {
    const leaving = await newUser(t, "s3.leaving@example.com");
    const staying = await newUser(t, "s3.staying@example.com");
    for (const who of [leaving, staying]) expect((await uploadRecording(t, who.cookie, speechFixture)).statusCode).toBe(201);
    expect(owned(leaving.id)).toHaveLength(1);
    const response = await send(t, "DELETE", "/api/account", { confirmation: "DELETE" }, leaving.cookie);
    expect(response.statusCode).toBe(200);
    expect(owned(leaving.id)).toEqual([]);
    expect(owned(staying.id)).toHaveLength(1);
  });
});
