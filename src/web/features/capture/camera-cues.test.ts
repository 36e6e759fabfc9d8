import { describe, expect, it } from "vitest";
import { attentionPercent, emotionFromValence, expressionValence, type FaceReading } from "./camera-cues";

// The camera panel's cues, computed by hand (docs/formulas.md, "Camera cues").
const reading = (t: number, over: Partial<FaceReading> = {}): FaceReading => ({ t, face: true, yawDegrees: 0, pitchDegrees: 0, expressions: { neutral: 1 }, ...over });

describe("camera cues", () => {
  it("attention: the share of the last 30 seconds with the face toward the screen (within 20° both ways)", () => {
    expect(attentionPercent([])).toBeNull();
    const readings = [
      reading(0, { yawDegrees: 45 }), // older than 30 s before the last: left out
      reading(10),
      reading(11, { yawDegrees: 25 }), // turned away
      reading(12, { pitchDegrees: -21 }), // looking down
      reading(13, { face: false, yawDegrees: null, pitchDegrees: null }), // nobody in view
      reading(31, { yawDegrees: -19.5, pitchDegrees: 19.9 }), // still toward the screen
    ];
    // Of the 5 readings from t > 1: t = 10 and t = 31 are toward the screen.
    expect(attentionPercent(readings)).toBe(40);
  });

  it("valence: 10 × (happy + ½ surprise − sad − angry − fear − disgust), averaged over faces of the last 10 seconds", () => {
    expect(expressionValence([reading(0, { face: false })])).toBeNull();
    // 10 × (0.6 + 0.1 − 0.1) = 6 and 10 × (0.2 − 0.5) = −3: mean 1.5, rounded to 2.
    expect(expressionValence([reading(1, { expressions: { happy: 0.6, surprise: 0.2, sad: 0.1 } }), reading(2, { expressions: { happy: 0.2, angry: 0.5 } })])).toBe(2);
    expect(expressionValence([reading(1, { expressions: { happy: 1, surprise: 1 } })])).toBe(10);
    expect(expressionValence([reading(1, { expressions: { sad: 0.7, fear: 0.5 } })])).toBe(-10);
  });

  it("the spec's emotion labels from valence", () => {
    expect([-10, -6, -5, -2, -1, 0, 1, 2, 5, 6, 8, 9, 10].map(emotionFromValence)).toEqual([
      "Distressed",
      "Distressed",
      "Sad",
      "Sad",
      "Neutral",
      "Neutral",
      "Neutral",
      "Content",
      "Content",
      "Happy",
      "Happy",
      "Euphoric",
      "Euphoric",
    ]);
    expect(emotionFromValence(null)).toBe("—");
  });
});
