import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { voiceConsentMessages, voiceProfilesResponseSchema } from "../../../contract";
import { createTestApp, get, newUser, ORIGIN, send, type TestApp } from "../../test/harness";
import { startFakeElevenLabs, type FakeElevenLabs } from "../../test/fake-elevenlabs";

import { recordConsent, recordSessions, runDueJobs, speechFixture } from "./test-helpers";

// VOICE_PROVIDER=elevenlabs against a local server that follows ElevenLabs' published API.
const KEY = "sk_test_elevenlabs_key_0123456789";
let fake: FakeElevenLabs;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeElevenLabs(KEY);
  t = await createTestApp({ VOICE_PROVIDER: "elevenlabs", ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: fake.baseUrl, ELEVENLABS_TIMEOUT_MS: "5000" });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

/** A new person who has recorded their voice consent, as training and speech require. */
async function consentingUser(email: string) {
  const person = await newUser(t, email);
  await recordConsent(t, person.cookie);
  return person;
}

const create = (cookie: string, body: unknown) => send(t, "POST", "/api/voice/profiles", body, cookie);
const profileOf = async (cookie: string, id: string) => (await get(t, `/api/voice/profiles/${id}`, cookie)).json().profile;
const jobOf = async (profileId: string) => (await t.owner.query(`SELECT status, attempts, last_error FROM jobs WHERE payload->>'profileId' = $1`, [profileId])).rows[0];
const makeDue = () => t.owner.query(`UPDATE jobs SET run_after = now() WHERE status = 'queued'`);

async function readyClone(email: string, name = "Mum") {
  const user = await consentingUser(email);
  await recordSessions(t, user.cookie, 14);
  const { profile } = (await create(user.cookie, { name, description: "Her Sunday voice" })).json();
  await runDueJobs(t);
  return { ...user, profile: await profileOf(user.cookie, profile.id) };
}

describe("voice cloning at ElevenLabs", () => {
  it("clones with the owner's recordings (name, description, files), then speaks and deletes there too", async () => {
    const { cookie, profile } = await readyClone("eleven.ok@example.com");
    expect(profile).toMatchObject({ status: "ready", provider: "elevenlabs", similarity: null });
    const vendor = fake.voices.get(profile.voiceId);
    expect(vendor).toMatchObject({ name: "Mum", description: "Her Sunday voice" });
    expect(vendor!.files).toHaveLength(14);
    expect(vendor!.files.every((f) => f.contentType === "audio/webm" && /^voice_[0-9a-f-]{36}\.webm$/.test(f.filename) && f.bytes === speechFixture.length)).toBe(true); // each recording sent whole
    const list = voiceProfilesResponseSchema.parse((await get(t, "/api/voice/profiles", cookie)).json());
    expect(list.engine).toMatchObject({ provider: "elevenlabs", approximation: false });

    const spoken = await send(t, "POST", "/api/voice/speech", { text: "x".repeat(600), voiceId: profile.voiceId }, cookie);
    expect(spoken.statusCode).toBe(200);
    expect(spoken.headers["content-type"]).toBe("audio/mpeg");
    expect(spoken.rawPayload.toString("latin1", 0, 3)).toBe("ID3"); // the AI mark first (decision 0030), then the vendor's frames
    expect(spoken.rawPayload.subarray(-417)[0]).toBe(0xff);
    expect(fake.speech.at(-1)).toEqual({ voiceId: profile.voiceId, text: "x".repeat(600), modelId: "eleven_multilingual_v2" });

    const removed = await t.app.inject({ method: "DELETE", url: `/api/voice/profiles/${profile.id}`, headers: { origin: ORIGIN, cookie } });
    expect(removed.statusCode).toBe(200);
    expect(fake.voices.has(profile.voiceId)).toBe(false);
  });

  it("quota exceeded and an invalid key end training in error with the reason, and release the sessions", async () => {
    for (const [kind, reason] of [
      ["quota_exceeded", "The voice service quota is used up for this period."],
      ["invalid_api_key", "The voice service rejected the API key."],
    ] as const) {
      const { cookie } = await consentingUser(`eleven.${kind}@example.com`);
      await recordSessions(t, cookie, 14);
      const { profile } = (await create(cookie, { name: "Dad" })).json();
      fake.failNext(kind);
      await runDueJobs(t);
      const failed = await profileOf(cookie, profile.id);
      expect(failed.status).toBe("error");
      expect(failed.error).toContain(`Submission failed. ${reason}`);
      expect(failed.sessionCount).toBe(0);
      expect((await jobOf(profile.id)).attempts).toBe(1); // not retried: trying again cannot help
    }
  });

  it("429 (too many concurrent requests) is retried after a backoff and then succeeds", async () => {
    const { cookie } = await consentingUser("eleven.busy@example.com");
    await recordSessions(t, cookie, 14);
    const { profile } = (await create(cookie, { name: "Busy" })).json();
    fake.failNext("too_many_concurrent_requests");
    await runDueJobs(t);
    expect((await profileOf(cookie, profile.id)).status).toBe("training");
    expect(await jobOf(profile.id)).toMatchObject({ status: "queued", attempts: 1 });
    expect((await jobOf(profile.id)).last_error).toContain("too many requests at once");
    await makeDue();
    await runDueJobs(t);
    expect((await profileOf(cookie, profile.id)).status).toBe("ready");
  });

  it("text-to-speech failures come back with the vendor's reason; a failed vendor delete keeps the clone", async () => {
    const { cookie, profile } = await readyClone("eleven.speech@example.com");
    fake.failNext("quota_exceeded");
    const quota = await send(t, "POST", "/api/voice/speech", { text: "Hello", voiceId: profile.voiceId }, cookie);
    expect(quota.statusCode).toBe(502);
    expect(quota.json().error).toMatchObject({ code: "voice_service_failed", message: expect.stringContaining("quota is used up") });

    fake.failNext("system_busy");
    const busy = await t.app.inject({ method: "DELETE", url: `/api/voice/profiles/${profile.id}`, headers: { origin: ORIGIN, cookie } });
    expect(busy.statusCode).toBe(502);
    expect(busy.json().error.message).toMatch(/^The voice service could not delete this clone: The voice service is busy/);
    expect((await profileOf(cookie, profile.id)).status).toBe("ready");
    expect(fake.voices.has(profile.voiceId)).toBe(true);
  });

  it("revoking voice consent deletes the clone at ElevenLabs at once", async () => {
    const { cookie, profile } = await readyClone("eleven.revoke@example.com");
    const revoked = await t.app.inject({ method: "DELETE", url: "/api/voice/consent", headers: { origin: ORIGIN, cookie } });
    expect(revoked.json()).toEqual({ ok: true, clonesDeleted: 1, vendorPending: 0, message: voiceConsentMessages.revoked(1) });
    expect(fake.voices.has(profile.voiceId)).toBe(false);
    expect((await send(t, "POST", "/api/voice/speech", { text: "Hello", voiceId: profile.voiceId }, cookie)).statusCode).toBe(404);
  });

  it("when ElevenLabs does not answer, revoking still silences the clone at once, and a job deletes it there later", async () => {
    const { cookie, profile } = await readyClone("eleven.revoke.busy@example.com");
    fake.failNext("system_busy");
    const revoked = await t.app.inject({ method: "DELETE", url: "/api/voice/consent", headers: { origin: ORIGIN, cookie } });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ clonesDeleted: 1, vendorPending: 1, message: `${voiceConsentMessages.revoked(1)} ${voiceConsentMessages.vendorPending}` });
    expect((await send(t, "POST", "/api/voice/speech", { text: "Hello", voiceId: profile.voiceId }, cookie)).statusCode).toBe(404);
    expect(fake.voices.has(profile.voiceId)).toBe(true);
    const job = await t.owner.query(`SELECT status, payload FROM jobs WHERE kind = 'voice.remove-clones' AND payload->'clones'->0->>'voiceId' = $1`, [profile.voiceId]);
    expect(job.rows).toEqual([{ status: "queued", payload: { clones: [{ provider: "elevenlabs", voiceId: profile.voiceId }] } }]);
    await makeDue();
    await runDueJobs(t);
    expect(fake.voices.has(profile.voiceId)).toBe(false);
  });

  it("deleting the account deletes its clones at ElevenLabs", async () => {
    const { cookie, profile } = await readyClone("eleven.account@example.com");
    const response = await t.app.inject({ method: "DELETE", url: "/api/account", payload: { confirmation: "DELETE" }, headers: { cookie, origin: ORIGIN } });
    expect(response.statusCode).toBe(200);
    expect(fake.voices.has(profile.voiceId)).toBe(false);
  });

  it("another person cannot speak with or delete the clone", async () => {
    const { profile } = await readyClone("eleven.owner@example.com");
    const intruder = await consentingUser("eleven.intruder@example.com");
    expect((await send(t, "POST", "/api/voice/speech", { text: "Hello", voiceId: profile.voiceId }, intruder.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/api/voice/profiles/${profile.id}`, headers: { origin: ORIGIN, cookie: intruder.cookie } })).statusCode).toBe(404);
    expect(fake.voices.has(profile.voiceId)).toBe(true);
  });
});
