import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeElevenLabs, type FakeElevenLabs } from "../../test/fake-elevenlabs";
import { createElevenLabsClient, ElevenLabsError } from "./elevenlabs";

// The adapter against a local server that follows ElevenLabs' published contract (../shared/contracts/elevenlabs.md).

const recording = fs.readFileSync(path.join(import.meta.dirname, "../../platform/audio/fixtures/spoken-4.5s.webm"));
let fake: FakeElevenLabs;
beforeAll(async () => {
  fake = await startFakeElevenLabs("xi-test-key");
});
afterAll(() => fake.stop());

const client = (apiKey = "xi-test-key") => createElevenLabsClient({ apiKey, baseUrl: fake.baseUrl, timeoutMs: 5_000 });
const files = [
  { filename: "voice_a.webm", contentType: "audio/webm", bytes: recording },
  { filename: "voice_b.webm", contentType: "audio/webm", bytes: recording },
];

describe("ElevenLabs adapter", () => {
  it("clones a voice from several files (multipart name, description, repeated files) and speaks with it", async () => {
    const voiceId = await client().addVoice({ name: "Walter", description: "Kitchen recordings", files });
    expect(fake.voices.get(voiceId)).toEqual({
      name: "Walter",
      description: "Kitchen recordings",
      files: files.map((f) => ({ filename: f.filename, bytes: recording.length, contentType: "audio/webm" })),
    });
    const { audio, contentType } = await client().textToSpeech(voiceId, "I kept the lighthouse for eleven years.");
    expect(contentType).toBe("audio/mpeg");
    expect(audio.length).toBeGreaterThan(100);
    expect(fake.speech.at(-1)).toEqual({ voiceId, text: "I kept the lighthouse for eleven years.", modelId: "eleven_multilingual_v2" });
    await client().deleteVoice(voiceId);
    expect(fake.voices.has(voiceId)).toBe(false);
    // Deleting what the vendor no longer has is not an error: the clone is gone either way.
    await expect(client().deleteVoice(voiceId)).resolves.toBeUndefined();
  });

  it("maps the vendor's errors to kinds with messages a person can act on", async () => {
    const bad = await client("wrong-key").addVoice({ name: "X", files }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ElevenLabsError);
    expect(bad).toMatchObject({ kind: "invalid_api_key", status: 401 });

    fake.failNext("quota_exceeded");
    await expect(client().addVoice({ name: "X", files })).rejects.toMatchObject({ kind: "quota_exceeded", status: 401 });

    fake.failNext("too_many_concurrent_requests");
    await expect(client().addVoice({ name: "X", files })).rejects.toMatchObject({ kind: "busy", status: 429 });

    const invalid = await client().addVoice({ name: "", files: [] }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ kind: "validation", status: 422 });
    expect((invalid as Error).message).toBe("The voice service refused the request: Field required; Field required.");

    await expect(client().textToSpeech("fakeVoice-missing", "Hello")).rejects.toMatchObject({ kind: "voice_not_found" });
  });

  it("says the service is unreachable when nothing answers", async () => {
    const offline = createElevenLabsClient({ apiKey: "k", baseUrl: "http://127.0.0.1:9", timeoutMs: 2_000 });
    await expect(offline.textToSpeech("v", "Hello")).rejects.toMatchObject({ kind: "unavailable", message: "Network error: Unable to connect to voice service. Please check your internet connection." });
  });
});
