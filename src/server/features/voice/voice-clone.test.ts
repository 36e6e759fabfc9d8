import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SPEECH_TEXT_MAX, voiceCloneMessages, voiceProfilesResponseSchema } from "../../../contract";
import { createTestApp, get, newUser, ORIGIN, send, type TestApp } from "../../test/harness";

import { AppError } from "../../platform/errors";
import { asDeletionError } from "./deletion-errors";
import { recordConsent, recordSessions, runDueJobs, speechFixture, toneFixture, uploadRecording } from "./test-helpers";

// The offline engine end to end: 60 s of eligible audio, the durable training job, the fitted voice speaking.
// Training fits a voice (several syntheses and measurements): generous time on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new person who has recorded their voice consent, as training and speech require. */
async function consentingUser(email: string) {
  const person = await newUser(t, email);
  await recordConsent(t, person.cookie);
  return person;
}

const create = (cookie: string, body: unknown) => send(t, "POST", "/api/voice/profiles", body, cookie);
const speak = (cookie: string, body: unknown) => send(t, "POST", "/api/voice/speech", body, cookie);
const remove = (cookie: string, url: string) => t.app.inject({ method: "DELETE", url, headers: { origin: ORIGIN, cookie } });
const list = async (cookie: string) => voiceProfilesResponseSchema.parse((await get(t, "/api/voice/profiles", cookie)).json());
const errorOf = (response: { json(): { error: { code: string; message: string; fields?: Record<string, string> } } }) => response.json().error;

describe("training a voice clone with the offline engine", () => {
  it("refuses a blank name and less than 60 s of eligible audio, and writes nothing", async () => {
    const { cookie } = await consentingUser("clone.rules@example.com");
    const blank = await create(cookie, { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).fields?.name).toBe(voiceCloneMessages.nameRequired);

    await recordSessions(t, cookie, 13); // 58.5 s
    const short = await create(cookie, { name: "My voice" });
    expect(short.statusCode).toBe(422);
    expect(errorOf(short)).toMatchObject({ code: "voice_not_enough_audio", message: "Minimum 60 seconds of eligible audio required." });
    const after = await list(cookie);
    expect(after.profiles).toEqual([]); // the refused submission left no half-made profile
    expect(after.eligible).toMatchObject({ sessions: 13, minimumSeconds: 60 });
    expect(after.eligible.seconds).toBeCloseTo(58.5, 0);
  });

  it("keeps a recording with no one speaking but never counts it toward training", async () => {
    const { cookie } = await consentingUser("clone.tone@example.com");
    await recordSessions(t, cookie, 13); // 58.5 s of speech
    for (let i = 0; i < 3; i++) {
      const response = await uploadRecording(t, cookie, toneFixture);
      expect(response.statusCode).toBe(201);
      expect(response.json().session.quality.label).toBe("No speech detected");
    }
    const eligible = (await list(cookie)).eligible;
    expect(eligible.sessions).toBe(13);
    expect(eligible.seconds).toBeCloseTo(58.5, 0);
    const refused = await create(cookie, { name: "Tones" });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).code).toBe("voice_not_enough_audio");
    await recordSessions(t, cookie, 1);
    const created = await create(cookie, { name: "Speech only" });
    expect(created.statusCode).toBe(201);
    expect(created.json().profile.trainedSeconds).toBeCloseTo(63, 0); // the tones were not attached
  });

  it("counts only clips of 3 s or more that are not attached to a clone, and only the person's own", async () => {
    const { cookie } = await consentingUser("clone.eligible@example.com");
    const other = await consentingUser("clone.eligible.other@example.com");
    await recordSessions(t, other.cookie, 14);
    await recordSessions(t, cookie, 13);
    // A 2-second clip: the fixture cut at a cluster boundary is still a valid recording, just too short to count.
    const [row] = (await t.owner.query(`SELECT id FROM voice_sessions WHERE purpose = 'training' AND user_id = (SELECT id FROM "user" WHERE email = $1) LIMIT 1`, ["clone.eligible@example.com"])).rows;
    await t.owner.query(`UPDATE voice_sessions SET duration_seconds = 2.5 WHERE id = $1`, [row.id]);
    expect((await list(cookie)).eligible.sessions).toBe(12);
    expect((await create(cookie, { name: "Not yet" })).statusCode).toBe(422);
    await recordSessions(t, cookie, 2);
    expect((await create(cookie, { name: "Now" })).statusCode).toBe(201);
    // The other person's 14 sessions were never attached to this clone.
    expect((await list(other.cookie)).eligible.sessions).toBe(14);
  });

  it("submits: training with its sessions attached, a queued job, then ready with a measured similarity; the voice speaks", async () => {
    const { cookie, id: userId } = await consentingUser("clone.train@example.com");
    await recordSessions(t, cookie, 14);
    const created = await create(cookie, { name: "  Grandpa Joe  ", description: "  Warm, slow, Irish lilt " });
    expect(created.statusCode).toBe(201);
    const { profile } = created.json();
    expect(profile).toMatchObject({ name: "Grandpa Joe", description: "Warm, slow, Irish lilt", status: "training", provider: "local", voiceId: null, error: null, sessionCount: 14 });
    expect(profile.submittedAt).not.toBeNull();
    expect(profile.trainedSeconds).toBeCloseTo(63, 0);
    const job = await t.owner.query(`SELECT kind, status, payload FROM jobs WHERE payload->>'profileId' = $1`, [profile.id]);
    expect(job.rows).toEqual([{ kind: "voice.train", status: "queued", payload: { profileId: profile.id, userId } }]);
    expect((await list(cookie)).eligible).toMatchObject({ sessions: 0, seconds: 0 });

    // Submitting again while training is refused with the spec's message.
    const again = await send(t, "POST", `/api/voice/profiles/${profile.id}/retry`, {}, cookie);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(voiceCloneMessages.alreadySubmitted);

    expect(await runDueJobs(t)).toBeGreaterThanOrEqual(1);
    const ready = (await get(t, `/api/voice/profiles/${profile.id}`, cookie)).json().profile;
    expect(ready.status).toBe("ready");
    expect(ready.voiceId).toMatch(/^local_[0-9a-f]{20}$/);
    expect(ready.similarity).toBeGreaterThan(0);
    expect(ready.similarity).toBeLessThanOrEqual(1);
    expect(ready.completedAt).not.toBeNull();
    const settings = (await t.owner.query(`SELECT engine_settings FROM voice_profiles WHERE id = $1`, [profile.id])).rows[0].engine_settings;
    expect(settings).toMatchObject({ pitch: expect.any(Number), range: expect.any(Number), rate: expect.any(Number) });

    const audio = await speak(cookie, { text: "Hello, it is me.", voiceId: ready.voiceId });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/wav");
    const bytes = audio.rawPayload;
    expect(bytes.toString("latin1", 0, 4)).toBe("RIFF");
    expect(bytes.toString("latin1", 8, 12)).toBe("WAVE");
    expect(bytes.length).toBeGreaterThan(22_050); // more than half a second of 16-bit audio at 22.05 kHz
  });

  it("applies the text-to-speech rules with the spec's messages", async () => {
    const { cookie } = await consentingUser("clone.speech.rules@example.com");
    const blank = await speak(cookie, { text: "   ", voiceId: "local_0123456789abcdef0123" });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).fields?.text).toBe("Please enter some text to convert to speech.");
    const long = await speak(cookie, { text: "a".repeat(SPEECH_TEXT_MAX + 1), voiceId: "local_0123456789abcdef0123" });
    expect(errorOf(long).fields?.text).toBe("Text is too long. Maximum 5000 characters allowed.");
    for (const voiceId of ["short", "x".repeat(51), undefined]) {
      const response = await speak(cookie, { text: "Hello", voiceId });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.voiceId).toBe("Invalid voice ID format");
    }
    const unknown = await speak(cookie, { text: "Hello", voiceId: "local_0123456789abcdef0123" });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(voiceCloneMessages.profileNotFound);
  });

  it("a failed training shows its error and releases the sessions; retry trains again", async () => {
    const { cookie } = await consentingUser("clone.retry@example.com");
    const ids = await recordSessions(t, cookie, 14);
    const { profile } = (await create(cookie, { name: "Retry me" })).json();
    // The recordings vanish from storage before training runs (a disk wiped by an operator, say).
    const keys = (await t.owner.query(`SELECT storage_key FROM voice_sessions WHERE id = ANY($1)`, [ids])).rows.map((r) => r.storage_key as string);
    for (const key of keys) await t.ctx.storage.remove(key);
    await runDueJobs(t);
    const failed = (await get(t, `/api/voice/profiles/${profile.id}`, cookie)).json().profile;
    expect(failed.status).toBe("error");
    expect(failed.error).toMatch(/^Submission failed\. /);
    expect(failed.completedAt).not.toBeNull();
    expect(failed.sessionCount).toBe(0);
    expect((await list(cookie)).eligible.sessions).toBe(14);

    // Fresh recordings, and the retry trains the same clone to ready.
    await t.owner.query(`DELETE FROM voice_sessions WHERE id = ANY($1)`, [ids]);
    await recordSessions(t, cookie, 14);
    const retried = await send(t, "POST", `/api/voice/profiles/${profile.id}/retry`, {}, cookie);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().profile).toMatchObject({ status: "training", error: null, sessionCount: 14 });
    await runDueJobs(t);
    expect((await get(t, `/api/voice/profiles/${profile.id}`, cookie)).json().profile.status).toBe("ready");
    const notAgain = await send(t, "POST", `/api/voice/profiles/${profile.id}/retry`, {}, cookie);
    expect(errorOf(notAgain).message).toBe(voiceCloneMessages.retryOnlyAfterError);
  });

  it("deleting a clone releases its sessions; deleting a session of a clone keeps the clone", async () => {
    const { cookie } = await consentingUser("clone.delete@example.com");
    const [firstSession] = await recordSessions(t, cookie, 14);
    const { profile } = (await create(cookie, { name: "Short-lived" })).json();
    await runDueJobs(t);
    expect((await remove(cookie, `/api/voice/sessions/${firstSession}`)).statusCode).toBe(200);
    expect((await get(t, `/api/voice/profiles/${profile.id}`, cookie)).json().profile).toMatchObject({ status: "ready", sessionCount: 13 });
    const deleted = await remove(cookie, `/api/voice/profiles/${profile.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await list(cookie)).profiles).toEqual([]);
    expect((await list(cookie)).eligible.sessions).toBe(13);
    expect((await remove(cookie, `/api/voice/profiles/${profile.id}`)).statusCode).toBe(404);
  });

  it("a clone deleted while its job waits is not brought back by the job", async () => {
    const { cookie } = await consentingUser("clone.deleted.early@example.com");
    await recordSessions(t, cookie, 14);
    const { profile } = (await create(cookie, { name: "Gone" })).json();
    expect((await remove(cookie, `/api/voice/profiles/${profile.id}`)).statusCode).toBe(200);
    await runDueJobs(t);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM voice_profiles WHERE id = $1`, [profile.id])).rows[0].n).toBe(0);
    expect((await t.owner.query(`SELECT status FROM jobs WHERE payload->>'profileId' = $1`, [profile.id])).rows[0].status).toBe("done");
  });
});

describe("voice clones are private", () => {
  it("nobody can see, poll, retry, delete, speak with or train from another person's clone and sessions", async () => {
    const owner = await consentingUser("clone.owner@example.com");
    const intruder = await consentingUser("clone.intruder@example.com");
    await recordSessions(t, owner.cookie, 14);
    const { profile } = (await create(owner.cookie, { name: "Mine" })).json();
    await runDueJobs(t);
    const voiceId = (await get(t, `/api/voice/profiles/${profile.id}`, owner.cookie)).json().profile.voiceId;

    expect((await list(intruder.cookie)).profiles).toEqual([]);
    expect((await get(t, `/api/voice/profiles/${profile.id}`, intruder.cookie)).statusCode).toBe(404);
    expect((await send(t, "POST", `/api/voice/profiles/${profile.id}/retry`, {}, intruder.cookie)).statusCode).toBe(404);
    const del = await remove(intruder.cookie, `/api/voice/profiles/${profile.id}`);
    expect(del.statusCode).toBe(404);
    expect(errorOf(del).message).toBe(voiceCloneMessages.profileNotFound);
    const speech = await speak(intruder.cookie, { text: "Hello", voiceId });
    expect(speech.statusCode).toBe(404);
    // The intruder's own clone cannot take the owner's sessions.
    await recordSessions(t, intruder.cookie, 2);
    expect((await create(intruder.cookie, { name: "Stolen" })).statusCode).toBe(422);
    expect((await get(t, `/api/voice/profiles/${profile.id}`, owner.cookie)).json().profile).toMatchObject({ status: "ready", sessionCount: 14 });

    // Signed out: no access at all.
    expect((await get(t, "/api/voice/profiles")).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/voice/speech", payload: { text: "Hi", voiceId }, headers: { origin: ORIGIN } })).statusCode).toBe(401);
  });
});

describe("deletion failures below our rules", () => {
  it("a malformed id is a missing profile; a database permission refusal gives the spec's permission message and keeps the clone", async () => {
    const { cookie } = await consentingUser("clone.permission@example.com");
    const malformed = await remove(cookie, "/api/voice/profiles/not-a-uuid");
    expect(malformed.statusCode).toBe(404);
    expect(errorOf(malformed).message).toBe("Missing voice profile or user.");

    await recordSessions(t, cookie, 14);
    const { profile } = (await create(cookie, { name: "Guarded" })).json();
    await t.owner.query(`REVOKE DELETE ON voice_profiles FROM mindprint_app`);
    try {
      const refused = await remove(cookie, `/api/voice/profiles/${profile.id}`);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).message).toBe("You do not have permission to delete this voice clone.");
    } finally {
      await t.owner.query(`GRANT DELETE ON voice_profiles TO mindprint_app`);
    }
    expect((await get(t, `/api/voice/profiles/${profile.id}`, cookie)).statusCode).toBe(200);
  });

  it("an unreachable database gives 'Database connection failed. Please try again later.'", () => {
    for (const code of ["08006", "57P01", "ECONNREFUSED"]) {
      const mapped = asDeletionError(Object.assign(new Error("connection lost"), { code }));
      expect(mapped).toBeInstanceOf(AppError);
      expect((mapped as AppError).message).toBe("Database connection failed. Please try again later.");
      expect((mapped as AppError).status).toBe(503);
    }
    const other = new Error("something else");
    expect(asDeletionError(other)).toBe(other);
  });
});

describe("recording still works with clones around", () => {
  it("a new session after training is eligible for the next clone", async () => {
    const { cookie } = await consentingUser("clone.next@example.com");
    await recordSessions(t, cookie, 14);
    await create(cookie, { name: "First" });
    expect((await uploadRecording(t, cookie, speechFixture)).statusCode).toBe(201);
    expect((await list(cookie)).eligible.sessions).toBe(1);
  });
});
