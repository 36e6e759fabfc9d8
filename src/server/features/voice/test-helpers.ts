import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { createJobWorker } from "../../platform/jobs/job-worker";
import { get, newUser, ORIGIN, send, type TestApp } from "../../test/harness";
import { postFile } from "../../test/multipart";
import { jobHandlers } from "../../job-handlers";

/** 4.5 s of synthesized speech as WebM/Opus (scripts/make-audio-fixtures.ts). */
export const speechFixture = fs.readFileSync(path.join(import.meta.dirname, "../../platform/audio/fixtures/spoken-4.5s.webm"));

/** 10.5 s of synthesized speech, a consent statement read aloud (scripts/make-audio-fixtures.ts). */
export const consentFixture = fs.readFileSync(path.join(import.meta.dirname, "../../platform/audio/fixtures/spoken-10.5s.webm"));

/** 5 s of a loud, clean 440 Hz tone: no one speaking. */
export const toneFixture = fs.readFileSync(path.join(import.meta.dirname, "../../platform/audio/fixtures/tone-5s.webm"));

/** Uploads bytes as the multipart field our recorder uses, after any text fields (a capture session's). */
export function uploadRecording(t: TestApp, cookie: string | undefined, bytes: Buffer, field = "audio", fields: Record<string, string> = {}) {
  return postFile(t, cookie, "/api/voice/sessions", bytes, { field, filename: "recording.webm", contentType: "audio/webm" }, fields);
}

/** Today as the reader's date, in the server's UTC. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Sends a consent recording: the `scope` and `day` fields, then the `audio` file (each left out when null). */
export function uploadConsent(t: TestApp, cookie: string | undefined, bytes: Buffer | null, scope: string | null = "only-me", day: string | null = todayUtc()) {
  const boundary = `----mindprint${crypto.randomUUID()}`;
  const pieces: Buffer[] = [];
  const field = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  if (scope !== null) pieces.push(field("scope", scope));
  if (day !== null) pieces.push(field("day", day));
  if (bytes) {
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="consent.webm"\r\nContent-Type: audio/webm\r\n\r\n`), bytes, Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: "POST",
    url: "/api/voice/consent",
    payload: Buffer.concat(pieces),
    headers: { origin: ORIGIN, "content-type": `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
  });
}

/** Records the person's voice-use consent, which training and speech require. */
export async function recordConsent(t: TestApp, cookie: string, scope = "only-me"): Promise<string> {
  const response = await uploadConsent(t, cookie, consentFixture, scope);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().consent.id;
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
  const worker = createJobWorker(t.queueDb, jobHandlers(t.ctx));
  try {
    return await worker.drain();
  } finally {
    await worker.stop();
  }
}

/** A person (with a first name when given) who consented, recorded 63 s and has a ready clone at the app's engine. */
export async function readyClone(t: TestApp, email: string, firstName: string | null = null) {
  const person = await newUser(t, email);
  if (firstName) await t.owner.query(`UPDATE profiles SET first_name = $2 WHERE user_id = $1`, [person.id, firstName]);
  await recordConsent(t, person.cookie);
  await recordSessions(t, person.cookie, 14);
  const created = await send(t, "POST", "/api/voice/profiles", { name: "My voice" }, person.cookie);
  expect(created.statusCode, created.body).toBe(201);
  await runDueJobs(t);
  const profile = (await get(t, `/api/voice/profiles/${created.json().profile.id}`, person.cookie)).json().profile;
  expect(profile.status).toBe("ready");
  return { ...person, voiceId: profile.voiceId as string };
}
