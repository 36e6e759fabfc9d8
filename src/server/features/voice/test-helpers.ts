import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { createJobWorker } from "../../platform/jobs/job-worker";
import { ORIGIN, type TestApp } from "../../test/harness";
import { jobHandlers } from "../../job-handlers";

/** A 4.5-second WebM/Opus recording of a speech-like voice (voiced syllables over a quiet floor). */
export const speechFixture = fs.readFileSync(path.join(import.meta.dirname, "../../platform/audio/fixtures/speech-like-4.5s.webm"));

/** Uploads bytes as the multipart field our recorder uses. */
export function uploadRecording(t: TestApp, cookie: string | undefined, bytes: Buffer, field = "audio") {
  const boundary = `----mindprint${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.app.inject({
    method: "POST",
    url: "/api/voice/sessions",
    payload,
    headers: { origin: ORIGIN, "content-type": `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
  });
}

/** Records `count` sessions of the fixture for a person (4.5 s each: 14 make the 60 s training needs). */
export async function recordSessions(t: TestApp, cookie: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await uploadRecording(t, cookie, speechFixture);
    expect(response.statusCode).toBe(201);
    ids.push(response.json().session.id);
  }
  return ids;
}

/** Runs every due job now, as the worker's poll would. */
export async function runDueJobs(t: TestApp): Promise<number> {
  const worker = createJobWorker(t.ctx.db, jobHandlers(t.ctx));
  try {
    return await worker.drain();
  } finally {
    await worker.stop();
  }
}
