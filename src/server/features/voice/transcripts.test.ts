import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { voiceMessages } from "../../../contract";
import { startFakeTranscriptions, type FakeTranscriptions } from "../../test/fake-transcriptions";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { speechFixture, uploadConsent, uploadRecording } from "./test-helpers";

// Transcription of capture answers (issue 18) through an OpenAI-compatible server: a local stand-in that speaks the
// published contract. The recording goes as it was stored; the transcript is made by the job worker.
const KEY = "sk-test-transcriptions-0123456789";
let t: TestApp;
let off: TestApp;
let fake: FakeTranscriptions;
beforeAll(async () => {
  fake = await startFakeTranscriptions(KEY);
  t = await createTestApp({ TRANSCRIBE_PROVIDER: "openai-compatible", TRANSCRIBE_BASE_URL: fake.baseUrl, TRANSCRIBE_API_KEY: KEY, TRANSCRIBE_MODEL: "whisper-1", TRANSCRIBE_LANGUAGE: "en" });
  off = await createTestApp({ TRANSCRIBE_PROVIDER: "off" });
});
afterAll(async () => {
  await t.close();
  await off.close();
  await fake.stop();
});

// A recording of the Voice Training Hub: transcribed when asked (a capture answer's is queued as it is stored).
async function record(app: TestApp, cookie: string): Promise<string> {
  const response = await uploadRecording(app, cookie, speechFixture);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().session.id;
}
const transcribe = (app: TestApp, cookie: string, id: string) => send(app, "POST", `/api/voice/sessions/${id}/transcript`, undefined, cookie);
const transcriptOf = async (app: TestApp, cookie: string, id: string) => (await get(app, `/api/voice/sessions/${id}/transcript`, cookie)).json().transcript;

describe("transcribing a recording", () => {
  it("sends the stored file to the service in the background and keeps its text; asking again answers the same", async () => {
    const { cookie } = await newUser(t, "transcribe@example.com");
    const id = await record(t, cookie);
    expect(await transcriptOf(t, cookie, id)).toBeNull();
    const listed = async () => (await get(t, "/api/voice/sessions", cookie)).json().sessions.find((s: { id: string }) => s.id === id);
    expect((await listed()).firstWords).toBeNull();
    fake.text = " We sold the bakery in the spring of 1994. ";
    const started = await transcribe(t, cookie, id);
    expect(started.statusCode).toBe(202);
    expect(started.json().transcript).toEqual({ status: "pending", engine: "whisper-1 (transcription service)", text: null, doubtful: [], error: null });
    await t.drainJobs();
    expect(await transcriptOf(t, cookie, id)).toMatchObject({ status: "done", text: "We sold the bakery in the spring of 1994.", error: null });
    // The list names the recording by its first words (the memory's "Attach a recording" chooser shows them).
    expect((await listed()).firstWords).toBe("We sold the bakery in the spring of…");
    expect(fake.requests.at(-1)).toEqual({
      model: "whisper-1",
      language: "en",
      responseFormat: "json",
      filename: "recording.webm",
      contentType: "audio/webm",
      bytes: speechFixture.length,
      sha256: createHash("sha256").update(speechFixture).digest("hex"),
    });
    const again = await transcribe(t, cookie, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().transcript.text).toBe("We sold the bakery in the spring of 1994.");
    // The prompts say which engine will transcribe.
    expect((await get(t, "/api/capture/prompts", cookie)).json().transcription).toBe("whisper-1 (transcription service)");
    // Deleting the recording deletes its transcript.
    await send(t, "DELETE", `/api/voice/sessions/${id}`, undefined, cookie);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM voice_transcripts WHERE voice_session_id = $1`, [id])).rows[0].n).toBe(0);
  });

  it("says why it failed when the service refuses (no retry for a refused key), and a new request tries again", async () => {
    const { cookie } = await newUser(t, "transcribe.refused@example.com");
    const id = await record(t, cookie);
    fake.failNext("invalid_api_key");
    await transcribe(t, cookie, id);
    await t.drainJobs();
    expect(await transcriptOf(t, cookie, id)).toMatchObject({ status: "failed", text: null, error: "The transcription service refused this server's key. Ask whoever runs Mindprint to check it." });
    fake.text = "Second time lucky.";
    expect((await transcribe(t, cookie, id)).statusCode).toBe(202);
    await t.drainJobs();
    expect(await transcriptOf(t, cookie, id)).toMatchObject({ status: "done", text: "Second time lucky." });
  });

  it("retries a busy service, then keeps the text", async () => {
    const { cookie } = await newUser(t, "transcribe.busy@example.com");
    const id = await record(t, cookie);
    fake.failNext("rate_limited");
    fake.text = "After the wait.";
    await transcribe(t, cookie, id);
    await t.drainJobs();
    // The first attempt was refused as busy: the job is retried later, not given up.
    await t.owner.query(`UPDATE jobs SET run_after = now() WHERE kind = 'voice-transcribe' AND status = 'queued'`);
    await t.drainJobs();
    expect(await transcriptOf(t, cookie, id)).toMatchObject({ status: "done", text: "After the wait." });
  });

  it("is only for the owner's own recordings, never a consent recording, and says so when it is not set up", async () => {
    const a = await newUser(t, "transcribe.owner@example.com");
    const b = await newUser(t, "transcribe.other@example.com");
    const id = await record(t, a.cookie);
    for (const response of [await transcribe(t, b.cookie, id), await get(t, `/api/voice/sessions/${id}/transcript`, b.cookie)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(voiceMessages.sessionNotFound);
    }
    expect((await transcribe(t, a.cookie, "not-a-uuid")).statusCode).toBe(404);
    const consent = await uploadConsent(t, a.cookie, (await import("./test-helpers")).consentFixture);
    expect(consent.statusCode, consent.body).toBe(201);
    const consentSession = (await t.owner.query(`SELECT id FROM voice_sessions WHERE user_id = (SELECT id FROM "user" WHERE email = 'transcribe.owner@example.com') AND purpose = 'consent'`)).rows[0].id;
    expect((await transcribe(t, a.cookie, consentSession)).statusCode).toBe(404);

    const c = await newUser(off, "transcribe.off@example.com");
    const offId = await record(off, c.cookie);
    const refused = await transcribe(off, c.cookie, offId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: "transcription_not_configured", message: voiceMessages.transcriptionOff });
    expect((await get(off, "/api/capture/prompts", c.cookie)).json().transcription).toBeNull();
    expect((await off.owner.query(`SELECT count(*)::int AS n FROM voice_transcripts`)).rows[0].n).toBe(0);
  });
});

// Issue 46: the offline engine the product ships (Whisper), through the job, and the words it was least sure of.
describe("transcribing offline with Whisper", () => {
  it("is the engine TRANSCRIBE_PROVIDER=auto picks, and hears the stored recording through the job", { timeout: 120_000 }, async () => {
    const whisper = await createTestApp({ TRANSCRIBE_PROVIDER: "auto" });
    try {
      const { cookie } = await newUser(whisper, "transcribe.whisper@example.com");
      expect((await get(whisper, "/api/capture/prompts", cookie)).json().transcription).toBe("Whisper, offline, English");
      const id = await record(whisper, cookie);
      expect((await transcribe(whisper, cookie, id)).statusCode).toBe(202);
      await whisper.drainJobs();
      const done = await transcriptOf(whisper, cookie, id);
      expect(done).toMatchObject({ status: "done", engine: "Whisper, offline, English", error: null });
      expect(done.text.length).toBeGreaterThan(0);
      const words = done.text.split(" ").length;
      expect(done.doubtful.every((i: number) => Number.isInteger(i) && i >= 0 && i < words)).toBe(true);
    } finally {
      await whisper.close();
    }
  });

  it("keeps the words an engine doubted with the transcript, and clears them when it is transcribed again", async () => {
    let doubtful = [2, 5];
    const app = await createTestApp({}, { transcriber: { name: "Doubting engine", transcribe: async () => "", read: async () => ({ text: "my mother so every dress I wore", doubtful }) } });
    try {
      const { cookie } = await newUser(app, "transcribe.doubts@example.com");
      const id = await record(app, cookie);
      await transcribe(app, cookie, id);
      await app.drainJobs();
      expect(await transcriptOf(app, cookie, id)).toEqual({ status: "done", engine: "Doubting engine", text: "my mother so every dress I wore", doubtful: [2, 5], error: null });
      // Another user cannot read them.
      const other = await newUser(app, "transcribe.doubts.other@example.com");
      expect((await get(app, `/api/voice/sessions/${id}/transcript`, other.cookie)).statusCode).toBe(404);
      doubtful = [];
      await app.owner.query(`UPDATE voice_transcripts SET status = 'failed' WHERE voice_session_id = $1`, [id]);
      expect((await transcribe(app, cookie, id)).json().transcript).toMatchObject({ status: "pending", doubtful: [] });
      await app.drainJobs();
      expect((await transcriptOf(app, cookie, id)).doubtful).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
