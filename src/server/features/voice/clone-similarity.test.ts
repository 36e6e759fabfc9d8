import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { repeatedWebm } from "../../test/repeated-webm";
import { recordConsent, runDueJobs, speechFixture, uploadConsent, uploadRecording } from "./test-helpers";

// The similarity a clone shows is its speaker similarity to the owner, measured on its own speech (docs/formulas.md).
vi.setConfig({ testTimeout: 180_000 });

/** 4.5 s read by espeak's "m7" voice, which the offline engine cannot produce (scripts/make-audio-fixtures.ts). */
const otherVoiceFile = path.join(import.meta.dirname, "../../platform/audio/fixtures/spoken-other-voice-4.5s.webm");
const otherVoiceFixture = fs.readFileSync(otherVoiceFile);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Trained on 14 recordings, the consent read by the same voice (a clone is only made of the voice that consented). */
async function trainedOn(email: string, recording: Buffer, consent?: Buffer): Promise<number | null> {
  const { cookie } = await newUser(t, email);
  if (consent) expect((await uploadConsent(t, cookie, consent)).statusCode).toBe(201);
  else await recordConsent(t, cookie);
  for (let i = 0; i < 14; i++) expect((await uploadRecording(t, cookie, recording)).statusCode).toBe(201);
  const created = await send(t, "POST", "/api/voice/profiles", { name: "My voice" }, cookie);
  expect(created.statusCode).toBe(201);
  await runDueJobs(t);
  const { profile } = (await get(t, `/api/voice/profiles/${created.json().profile.id}`, cookie)).json();
  expect(profile.status).toBe("ready");
  return profile.similarity;
}

describe("a clone's similarity", () => {
  it("is low for the offline approximation of a voice the engine does not have, high for one it does", async () => {
    const other = await trainedOn("similarity.other@example.com", otherVoiceFixture, repeatedWebm(9, otherVoiceFile));
    const own = await trainedOn("similarity.own@example.com", speechFixture);
    console.log(`offline clone's speaker similarity: another voice ${other}, espeak's own en-us voice ${own}`);
    expect(other).not.toBeNull();
    expect(other!).toBeLessThan(0.5);
    expect(own!).toBeGreaterThan(other!);
  });
});
