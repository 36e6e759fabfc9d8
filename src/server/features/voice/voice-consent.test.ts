import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { consciousnessExportSchema, statementDate, VOICE_CONSENT_MIN_SECONDS, voiceConsentMessages, voiceConsentStateSchema, voiceSessionsResponseSchema } from "../../../contract";
import { createTestApp, get, newUser, ORIGIN, send, type TestApp } from "../../test/harness";
import { isStatementDay } from "./consent";
import { consentFixture, recordConsent, recordSessions, runDueJobs, speechFixture, todayUtc, uploadConsent } from "./test-helpers";

// Voice-use consent with the offline engine: nothing trains or speaks without it, and revoking it deletes the clones.
vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const consentOf = async (cookie: string) => voiceConsentStateSchema.parse((await get(t, "/api/voice/consent", cookie)).json());
const revoke = (cookie: string) => t.app.inject({ method: "DELETE", url: "/api/voice/consent", headers: { origin: ORIGIN, cookie } });
const createClone = (cookie: string, name = "My voice") => send(t, "POST", "/api/voice/profiles", { name }, cookie);
const errorOf = (response: { json(): { error: { code: string; message: string; fields?: Record<string, string> } } }) => response.json().error;
const rowsOf = async (table: string, userId: string) => (await t.owner.query(`SELECT * FROM ${table} WHERE user_id = $1`, [userId])).rows;

async function readyClone(cookie: string) {
  await recordSessions(t, cookie, 14);
  const created = await createClone(cookie);
  expect(created.statusCode).toBe(201);
  await runDueJobs(t);
  const { profile } = (await get(t, `/api/voice/profiles/${created.json().profile.id}`, cookie)).json();
  expect(profile.status).toBe("ready");
  return profile as { id: string; voiceId: string };
}

describe("voice-use consent", () => {
  it("gives the name the statement uses; the statement read is stored with the reader's date; nothing is in force before", async () => {
    const { cookie } = await newUser(t, "consent.statement@example.com");
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Marguerite", birthday: null, legacyPreference: "family" }, cookie)).statusCode).toBe(200);
    const state = await consentOf(cookie);
    expect(state).toEqual({ current: null, history: [], name: "Marguerite", minimumSeconds: VOICE_CONSENT_MIN_SECONDS });
    const day = todayUtc();
    const { consent } = (await uploadConsent(t, cookie, consentFixture, "public-memorial", day)).json();
    expect(consent.statement).toMatch(new RegExp(`^I am Marguerite, and today is ${statementDate(day)}\\. `));
    expect(consent.statement).toContain("anyone who visits my public memorial");
  });

  it("accepts the reader's today (the UTC day, the day before or after) and refuses any other date", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    for (const day of ["2026-11-22", "2026-11-23", "2026-11-24"]) expect(isStatementDay(day, now)).toBe(true);
    for (const day of ["2026-11-21", "2026-11-25", "2026-02-30", "yesterday", ""]) expect(isStatementDay(day, now)).toBe(false);
    const { cookie, id } = await newUser(t, "consent.day@example.com");
    const stale = await uploadConsent(t, cookie, consentFixture, "only-me", "2020-01-01");
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale).fields).toEqual({ day: voiceConsentMessages.dayInvalid });
    expect(await rowsOf("voice_sessions", id)).toEqual([]);
  });

  it("without consent no clone trains, and the clone form says what to do; nothing is written", async () => {
    const { cookie, id } = await newUser(t, "consent.required@example.com");
    await recordSessions(t, cookie, 14);
    const refused = await createClone(cookie);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: "voice_consent_required", message: voiceConsentMessages.required });
    expect(await rowsOf("voice_profiles", id)).toEqual([]);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM voice_sessions WHERE user_id = $1 AND voice_profile_id IS NULL`, [id])).rows[0].n).toBe(14);
  });

  it("records the statement read aloud with its SHA-256, length and scope; the recording never trains and cannot be deleted alone", async () => {
    const { cookie, id } = await newUser(t, "consent.record@example.com");
    const response = await uploadConsent(t, cookie, consentFixture, "contacts-after-release");
    expect(response.statusCode).toBe(201);
    const { consent } = response.json();
    expect(consent).toMatchObject({ scope: "contacts-after-release", revokedAt: null, replaced: false, sha256: createHash("sha256").update(consentFixture).digest("hex") });
    expect(consent.durationSeconds).toBeCloseTo(10.5, 0);
    expect(consent.statement).toContain("once my legacy is released, so may the legacy contacts I named");

    const state = await consentOf(cookie);
    expect(state.current?.id).toBe(consent.id);
    const listed = voiceSessionsResponseSchema.parse((await get(t, "/api/voice/sessions", cookie)).json());
    const sessions = listed.sessions;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ id: consent.voiceSessionId, purpose: "consent" });
    // Listed, but not a voice session: neither the stats strip nor the overview counts it or its time.
    expect(listed.totals).toMatchObject({ sessions: 0, seconds: 0, hours: 0 });
    expect(listed.totals.megabytes).toBeGreaterThan(0); // its bytes are stored all the same
    expect((await get(t, "/api/overview", cookie)).json().voice).toMatchObject({ sessions: 0, seconds: 0, hours: 0 });
    // The consent recording is the person's voice, but it is not training audio.
    expect((await get(t, "/api/voice/profiles", cookie)).json().eligible).toMatchObject({ sessions: 0, seconds: 0 });
    // It plays back for its owner like any session.
    const audio = await get(t, `/api/voice/sessions/${consent.voiceSessionId}/audio`, cookie);
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(consentFixture)).toBe(true);

    const deleted = await t.app.inject({ method: "DELETE", url: `/api/voice/sessions/${consent.voiceSessionId}`, headers: { origin: ORIGIN, cookie } });
    expect(deleted.statusCode).toBe(409);
    expect(errorOf(deleted)).toEqual({ code: "voice_session_is_consent", message: voiceConsentMessages.isConsent });
    expect(await rowsOf("voice_sessions", id)).toHaveLength(1);
  });

  it("refuses a missing or unknown scope, a missing recording and a recording too short to be the statement, and keeps nothing", async () => {
    const { cookie, id } = await newUser(t, "consent.refusals@example.com");
    for (const scope of [null, "everyone"]) {
      const response = await uploadConsent(t, cookie, consentFixture, scope);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields).toEqual({ scope: scope === null ? voiceConsentMessages.scopeFirst : voiceConsentMessages.scopeRequired });
    }
    const noAudio = await uploadConsent(t, cookie, null, "only-me");
    expect(noAudio.statusCode).toBe(400);
    expect(errorOf(noAudio).fields?.audio).toBeDefined();
    const short = await uploadConsent(t, cookie, speechFixture, "only-me"); // 4.5 s
    expect(short.statusCode).toBe(400);
    expect(errorOf(short)).toMatchObject({ message: voiceConsentMessages.tooShort, fields: { audio: voiceConsentMessages.tooShort } });
    const broken = await uploadConsent(t, cookie, Buffer.from("not audio at all"), "only-me");
    expect(broken.statusCode).toBe(422);
    expect(await rowsOf("voice_sessions", id)).toEqual([]);
    expect(await rowsOf("voice_consents", id)).toEqual([]);
  });

  it("a new consent replaces the one in force and the clone keeps speaking; revoking deletes every clone and stops speech at once", async () => {
    const { cookie, id } = await newUser(t, "consent.revoke@example.com");
    const first = await recordConsent(t, cookie, "only-me");
    const profile = await readyClone(cookie);

    const second = await recordConsent(t, cookie, "public-memorial");
    let state = await consentOf(cookie);
    expect(state.current).toMatchObject({ id: second, scope: "public-memorial" });
    expect(state.history).toEqual([expect.objectContaining({ id: first, replaced: true, revokedAt: expect.any(String) })]);
    const spoken = await send(t, "POST", "/api/voice/speech", { text: "Still me.", voiceId: profile.voiceId }, cookie);
    expect(spoken.statusCode).toBe(200);

    const revoked = await revoke(cookie);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true, clonesDeleted: 1, vendorPending: 0, message: voiceConsentMessages.revoked(1) });
    expect(await rowsOf("voice_profiles", id)).toEqual([]);
    const silent = await send(t, "POST", "/api/voice/speech", { text: "Hello?", voiceId: profile.voiceId }, cookie);
    expect(silent.statusCode).toBe(404);
    state = await consentOf(cookie);
    expect(state.current).toBeNull();
    expect(state.history.map((c) => [c.id, c.replaced])).toEqual([
      [second, false],
      [first, true],
    ]);
    // The sessions that trained the clone are free again, but nothing trains until a new consent.
    expect((await createClone(cookie, "Again")).statusCode).toBe(409);
    expect(errorOf(await revoke(cookie))).toEqual({ code: "voice_consent_not_found", message: voiceConsentMessages.notInForce });
    await recordConsent(t, cookie, "only-me");
    expect((await createClone(cookie, "Again")).statusCode).toBe(201);
  });

  it("a clone waiting to train when its consent ends is never trained", async () => {
    const { cookie, id } = await newUser(t, "consent.ended.training@example.com");
    await recordConsent(t, cookie);
    await recordSessions(t, cookie, 14);
    const { profile } = (await createClone(cookie)).json();
    // As if the consent ended between the submission and the job (the row survives here to show the job's own check).
    await t.owner.query(`UPDATE voice_consents SET revoked_at = now() WHERE user_id = $1`, [id]);
    await runDueJobs(t);
    const after = (await get(t, `/api/voice/profiles/${profile.id}`, cookie)).json().profile;
    expect(after).toMatchObject({ status: "error", voiceId: null });
    expect(after.error).toContain(voiceConsentMessages.required);
  });

  it("a ready clone without a consent in force does not speak", async () => {
    const { cookie, id } = await newUser(t, "consent.silent@example.com");
    await recordConsent(t, cookie);
    const profile = await readyClone(cookie);
    // As for a clone trained before consent existed: the clone is there, the consent is not.
    await t.owner.query(`UPDATE voice_consents SET revoked_at = now() WHERE user_id = $1`, [id]);
    const refused = await send(t, "POST", "/api/voice/speech", { text: "Hello.", voiceId: profile.voiceId }, cookie);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: "voice_consent_required", message: voiceConsentMessages.required });
  });

  it("is exported with the recording's hash, and the account's deletion removes it", async () => {
    const { cookie, id } = await newUser(t, "consent.export@example.com");
    await recordConsent(t, cookie, "contacts-after-release");
    const file = consciousnessExportSchema.parse((await get(t, "/api/export/consciousness", cookie)).json());
    const sha256 = createHash("sha256").update(consentFixture).digest("hex");
    expect(file.voiceConsents.data).toEqual([expect.objectContaining({ scope: "contacts-after-release", sha256, revokedAt: null, recordingFilename: expect.stringMatching(/^voice_.*\.webm$/) })]);
    expect(file.voiceSessions.data[0]).toMatchObject({ purpose: "consent", sha256 });

    const deleted = await t.app.inject({ method: "DELETE", url: "/api/account", payload: { confirmation: "DELETE" }, headers: { cookie, origin: ORIGIN } });
    expect(deleted.statusCode).toBe(200);
    expect(await rowsOf("voice_consents", id)).toEqual([]);
    expect(await rowsOf("voice_sessions", id)).toEqual([]);
  });

  it("another person neither sees, plays, nor revokes someone's consent", async () => {
    const owner = await newUser(t, "consent.owner@example.com");
    const other = await newUser(t, "consent.other@example.com");
    const consentId = await recordConsent(t, owner.cookie);
    const sessionId = (await consentOf(owner.cookie)).current!.voiceSessionId;
    expect((await consentOf(other.cookie)).current).toBeNull();
    expect((await get(t, `/api/voice/sessions/${sessionId}/audio`, other.cookie)).statusCode).toBe(404);
    expect((await revoke(other.cookie)).statusCode).toBe(404);
    expect((await consentOf(owner.cookie)).current?.id).toBe(consentId);
    // Training with someone else's consent is not possible: the other person still has none.
    await recordSessions(t, other.cookie, 14);
    expect((await createClone(other.cookie)).statusCode).toBe(409);
    expect((await get(t, "/api/voice/consent")).statusCode).toBe(401);
  });
});
