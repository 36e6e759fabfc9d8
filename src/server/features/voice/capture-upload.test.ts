import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureMessages, type CaptureSignals } from "../../../contract";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { speechFixture, uploadRecording } from "./test-helpers";
import { capturePromptById } from "../capture";

// Consciousness Capture (issue 18): a recording from a capture session names its question and carries the voice
// signals measured in the browser; both are checked before the audio is kept.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signals: CaptureSignals = {
  analysedSeconds: 4.4,
  speechSeconds: 3.1,
  loudnessDbfs: -24.5,
  pitchHz: 182.3,
  pitchVariationSemitones: 2.6,
  syllablesPerSecond: 4.2,
  pauses: 2,
  meanPauseSeconds: 0.7,
  pauseShare: 0.31,
  cognitiveLoad: 4.9,
};
const storedFiles = async (userId: string) => (await t.owner.query(`SELECT count(*)::int AS n FROM voice_sessions WHERE user_id = $1`, [userId])).rows[0].n as number;

describe("a capture recording", () => {
  it("is stored with its question and signals, and a memory saved with it links to it until it is deleted", async () => {
    const { cookie } = await newUser(t, "capture.upload@example.com");
    const response = await uploadRecording(t, cookie, speechFixture, "audio", { promptId: "business-critical-decision", signals: JSON.stringify(signals) });
    expect(response.statusCode, response.body).toBe(201);
    const session = response.json().session;
    expect(session).toMatchObject({ promptId: "business-critical-decision", question: capturePromptById.get("business-critical-decision")!.text, signals, purpose: "training" });
    expect((await get(t, "/api/voice/sessions", cookie)).json().sessions[0]).toMatchObject({ id: session.id, signals });

    const saved = await send(t, "POST", "/api/capture/answers", { promptId: "business-critical-decision", content: "We closed the second shop.", recordingId: session.id }, cookie);
    expect(saved.statusCode, saved.body).toBe(201);
    const memoryId = saved.json().memory.id as string;
    // The recording answers the business question: it cannot be linked to another one.
    const elsewhere = await send(t, "POST", "/api/capture/answers", { promptId: "family-kitchen-smells", content: "Cinnamon.", recordingId: session.id }, cookie);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.message).toBe(captureMessages.recordingForAnotherQuestion);
    expect(saved.json().memory.recordingId).toBe(session.id);
    // The recording goes; the memory stays, without its link.
    expect((await send(t, "DELETE", `/api/voice/sessions/${session.id}`, undefined, cookie)).statusCode).toBe(200);
    expect((await get(t, `/api/memories/${memoryId}`, cookie)).json().memory).toMatchObject({ content: "We closed the second shop.", recordingId: null });
  });

  it("is an ordinary recording without the fields", async () => {
    const { cookie } = await newUser(t, "capture.plain@example.com");
    const response = await uploadRecording(t, cookie, speechFixture);
    expect(response.statusCode).toBe(201);
    expect(response.json().session).toMatchObject({ promptId: null, question: null, signals: null });
  });

  it("is refused, and nothing kept, when its question is unknown or its signals are not valid", async () => {
    const { cookie, id } = await newUser(t, "capture.refused@example.com");
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ promptId: "no-such-question" }, "promptId", captureMessages.promptInvalid],
      [{ promptId: "../etc/passwd" }, "promptId", captureMessages.promptInvalid],
      [{ signals: "not json" }, "signals", captureMessages.signalsInvalid],
      [{ signals: JSON.stringify({ ...signals, cognitiveLoad: 11 }) }, "signals", captureMessages.signalsInvalid],
      [{ signals: JSON.stringify({ ...signals, pitchHz: "high" }) }, "signals", captureMessages.signalsInvalid],
      [{ signals: JSON.stringify({ ...signals, extra: 1 }) }, "signals", captureMessages.signalsInvalid],
    ];
    for (const [fields, field, message] of cases) {
      const response = await uploadRecording(t, cookie, speechFixture, "audio", fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error).toMatchObject({ code: "validation_failed", message, fields: { [field]: message } });
    }
    expect(await storedFiles(id)).toBe(0);
  });
});
