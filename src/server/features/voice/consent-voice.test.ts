import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { voiceCloneMessages } from "../../../contract";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { repeatedWebm } from "../../test/repeated-webm";
import { recordConsent, runDueJobs, uploadConsent, uploadRecording } from "./test-helpers";

// Issue 57, finding 2 (SECURITY.md 51): a clone is trained only from the voice that read its consent. One voice reads
// the consent, another records the sessions: the clone is refused with the reason, before any engine hears them, and
// the person may record the consent again in the sessions' voice and retry.
vi.setConfig({ testTimeout: 120_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A voice the consent fixture is not (espeak's m7 variant), 4.5 s a clip (scripts/make-audio-fixtures.ts). */
const OTHER_VOICE = path.join(import.meta.dirname, "../../platform/audio/fixtures/spoken-other-voice-4.5s.webm");

describe("the consent's voice and the clone's", () => {
  it("refuses a clone trained on another voice than the consent's, and trains it once the consent is read in that voice", async () => {
    const person = await newUser(t, "consent.voice.other@example.com");
    await recordConsent(t, person.cookie);
    for (let i = 0; i < 14; i++) expect((await uploadRecording(t, person.cookie, fs.readFileSync(OTHER_VOICE))).statusCode).toBe(201);
    const created = await send(t, "POST", "/api/voice/profiles", { name: "Victor" }, person.cookie);
    expect(created.statusCode, created.body).toBe(201);
    await runDueJobs(t);
    const refused = (await get(t, `/api/voice/profiles/${created.json().profile.id}`, person.cookie)).json().profile;
    expect(refused).toMatchObject({ status: "error", error: expect.stringContaining(voiceCloneMessages.notConsentVoice) });
    expect(refused.voiceId).toBeNull();

    // The consent read again by the voice of the sessions (nine seconds of it): the retry trains.
    expect((await uploadConsent(t, person.cookie, repeatedWebm(9, OTHER_VOICE))).statusCode).toBe(201);
    expect((await send(t, "POST", `/api/voice/profiles/${created.json().profile.id}/retry`, undefined, person.cookie)).statusCode).toBeLessThan(300);
    await runDueJobs(t);
    expect((await get(t, `/api/voice/profiles/${created.json().profile.id}`, person.cookie)).json().profile.status).toBe("ready");
  });
});
