import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturePromptsResponseSchema, voiceMessages } from "../../../contract";
import { startFakeTranscriptions, type FakeTranscriptions } from "../../test/fake-transcriptions";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { postFile } from "../../test/multipart";
import { OPENING_PROMPT } from "./prompt-bank";

// Issue 35: a spoken answer stays with its question whatever the page does next. The link is stored with the
// recording, its transcription is queued in the same transaction, and the job worker's transcript reaches the
// question's answer with no browser waiting for it.
const KEY = "sk-test-capture-link-0123456789";
let t: TestApp;
let fake: FakeTranscriptions;
beforeAll(async () => {
  fake = await startFakeTranscriptions(KEY);
  t = await createTestApp({ TRANSCRIBE_PROVIDER: "openai-compatible", TRANSCRIBE_BASE_URL: fake.baseUrl, TRANSCRIBE_API_KEY: KEY, TRANSCRIBE_MODEL: "whisper-1" });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const PROMPT = OPENING_PROMPT.id;
const queue = async (cookie: string) => capturePromptsResponseSchema.parse((await get(t, "/api/capture/prompts", cookie)).json()).queue;
/** 4.5 s of synthesized speech as WebM/Opus (scripts/make-audio-fixtures.ts). */
const speechFixture = fs.readFileSync(path.join(import.meta.dirname, "../../platform/audio/fixtures/spoken-4.5s.webm"));
/** Uploads a recording as the capture page does: its question first, then the audio. */
async function record(cookie: string, promptId = PROMPT): Promise<string> {
  const response = await postFile(t, cookie, "/api/voice/sessions", speechFixture, { field: "audio", filename: "recording.webm", contentType: "audio/webm" }, { promptId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().session.id;
}

describe("a capture recording and its question", () => {
  it("are linked when the recording is stored, its transcription queued in the same transaction, before any page asks", async () => {
    const { cookie, id: userId } = await newUser(t, "link.upload@example.com");
    const requestsBefore = fake.requests.length;
    const recordingId = await record(cookie);
    const stored = await t.owner.query(
      `SELECT s.capture_prompt_id, tr.status, (SELECT count(*)::int FROM jobs j WHERE j.kind = 'voice-transcribe' AND j.payload->>'sessionId' = s.id::text) AS jobs
         FROM voice_sessions s LEFT JOIN voice_transcripts tr ON tr.voice_session_id = s.id WHERE s.id = $1 AND s.user_id = $2`,
      [recordingId, userId],
    );
    expect(stored.rows).toEqual([{ capture_prompt_id: PROMPT, status: "pending", jobs: 1 }]);
    // The page that recorded it is gone: a fresh load shows the question first, with its recording being transcribed.
    const [first] = await queue(cookie);
    expect(first).toMatchObject({ id: PROMPT, recording: { id: recordingId, durationSeconds: expect.any(Number), transcript: { status: "pending", text: null } } });
    // Nothing was sent to the engine by the request itself: the job worker does it.
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it("gets the transcript when the job finishes, with no browser waiting; the newest recording is the one shown", async () => {
    const { cookie } = await newUser(t, "link.transcript@example.com");
    fake.text = "The first take.";
    await record(cookie);
    await t.drainJobs();
    // Recorded again for the same question (another tab, or Record again): the newest recording is the answer's.
    fake.text = " We sold the bakery and kept the house. ";
    const newest = await record(cookie);
    await t.drainJobs();
    const waiting = await queue(cookie);
    expect(waiting[0]).toMatchObject({ id: PROMPT, recording: { id: newest, transcript: { status: "done", text: "We sold the bakery and kept the house.", error: null } } });
    expect(waiting.filter((p) => p.id === PROMPT)).toHaveLength(1);
    expect(waiting.slice(1).every((p) => p.recording === null)).toBe(true);

    // Saved (after the person read it through): the question is answered and leaves the queue, its recording linked.
    const saved = await send(t, "POST", "/api/capture/answers", { promptId: PROMPT, content: "We sold the bakery and kept the house.", recordingId: newest }, cookie);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().memory).toMatchObject({ recordingId: newest, content: "We sold the bakery and kept the house." });
    const after = capturePromptsResponseSchema.parse((await get(t, "/api/capture/prompts", cookie)).json());
    expect(after.answered).toBe(1);
    expect(after.queue.map((p) => p.id)).not.toContain(PROMPT);
  });

  it("says what to do when transcription fails, the recording still linked and playable, and can be transcribed again", async () => {
    const { cookie } = await newUser(t, "link.failed@example.com");
    fake.failNext("invalid_api_key");
    const recordingId = await record(cookie);
    await t.drainJobs();
    const [first] = await queue(cookie);
    expect(first).toMatchObject({
      id: PROMPT,
      recording: { id: recordingId, transcript: { status: "failed", text: null, error: "The transcription service refused this server's key. Ask whoever runs Mindprint to check it." } },
    });
    const audio = await get(t, `/api/voice/sessions/${recordingId}/audio`, cookie);
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.length).toBe(speechFixture.length);
    fake.text = "Second time lucky.";
    expect((await send(t, "POST", `/api/voice/sessions/${recordingId}/transcript`, undefined, cookie)).statusCode).toBe(202);
    await t.drainJobs();
    expect((await queue(cookie))[0]!.recording!.transcript).toMatchObject({ status: "done", text: "Second time lucky." });
  });

  it("is stored even past the hourly transcription limit, its transcript then asked for by the page and refused with why", async () => {
    const { cookie, id: userId } = await newUser(t, "link.limited@example.com");
    for (let i = 0; i < 30; i++) await t.owner.query(`SELECT rate_limit_hit($1, 3600)`, [`transcribe:${userId}`]);
    const recordingId = await record(cookie);
    expect((await queue(cookie))[0]).toMatchObject({ id: PROMPT, recording: { id: recordingId, transcript: null } });
    const asked = await send(t, "POST", `/api/voice/sessions/${recordingId}/transcript`, undefined, cookie);
    expect(asked.statusCode).toBe(429);
    expect(asked.json().error.message).toBe(voiceMessages.transcriptionLimited);
  });

  it("is the owner's alone: another person neither sees the recording nor can answer with it or read its transcript", async () => {
    const a = await newUser(t, "link.owner@example.com");
    const b = await newUser(t, "link.other@example.com");
    fake.text = "A private memory.";
    const recordingId = await record(a.cookie);
    await t.drainJobs();
    const theirs = await queue(b.cookie);
    expect(theirs.every((p) => p.recording === null)).toBe(true);
    expect(JSON.stringify(theirs)).not.toContain(recordingId);
    for (const response of [
      await get(t, `/api/voice/sessions/${recordingId}/transcript`, b.cookie),
      await get(t, `/api/voice/sessions/${recordingId}/audio`, b.cookie),
      await send(t, "POST", "/api/capture/answers", { promptId: PROMPT, content: "Taken.", recordingId }, b.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(voiceMessages.sessionNotFound);
    }
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM memories WHERE voice_session_id = $1`, [recordingId])).rows[0].n).toBe(0);
    // The owner's question still has it, transcript and all.
    expect((await queue(a.cookie))[0]).toMatchObject({ id: PROMPT, recording: { id: recordingId, transcript: { status: "done", text: "A private memory." } } });
  });
});
