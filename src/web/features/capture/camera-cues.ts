/**
 * What the optional camera panel shows, from the face detector's readings (docs/formulas.md, "Camera cues"). Computed
 * in the browser from readings of the last seconds; nothing of the camera is sent or stored.
 */

/** One reading of the face detector: whether a face was in view, where it turned, and its expression scores. */
export interface FaceReading {
  /** Seconds since the panel started. */
  t: number;
  face: boolean;
  /** Head turn left–right and up–down, in degrees (0 is straight at the camera). */
  yawDegrees: number | null;
  pitchDegrees: number | null;
  /** Expression scores 0–1 by name (happy, sad, angry, fear, disgust, surprise, neutral). */
  expressions: Record<string, number>;
}

/** A face turned within this much of straight ahead, both ways, is taken as looking at the screen. */
export const TOWARD_SCREEN_DEGREES = 20;
/** Attention is the share of this many recent seconds spent looking at the screen. */
export const ATTENTION_WINDOW_SECONDS = 30;
/** The expression (valence) is the mean of this many recent seconds of readings with a face. */
export const VALENCE_WINDOW_SECONDS = 10;

export const towardScreen = (r: FaceReading) =>
  r.face && r.yawDegrees !== null && r.pitchDegrees !== null && Math.abs(r.yawDegrees) <= TOWARD_SCREEN_DEGREES && Math.abs(r.pitchDegrees) <= TOWARD_SCREEN_DEGREES;

const recent = (readings: readonly FaceReading[], seconds: number) => {
  const last = readings.at(-1)?.t ?? 0;
  return readings.filter((r) => r.t > last - seconds);
};

/** Attention, 0–100 %: the share of the last 30 seconds' readings with the face toward the screen; null without readings. */
export function attentionPercent(readings: readonly FaceReading[]): number | null {
  const window = recent(readings, ATTENTION_WINDOW_SECONDS);
  if (window.length === 0) return null;
  return Math.round((100 * window.filter(towardScreen).length) / window.length);
}

/**
 * The expression's valence, −10…10: 10 × (happy + ½ surprise − sad − angry − fear − disgust), averaged over the last
 * 10 seconds of readings with a face; null when no face was seen. An estimate of what the face shows, not of what the
 * person feels.
 */
export function expressionValence(readings: readonly FaceReading[]): number | null {
  const faces = recent(readings, VALENCE_WINDOW_SECONDS).filter((r) => r.face);
  if (faces.length === 0) return null;
  const e = (r: FaceReading, name: string) => r.expressions[name] ?? 0;
  const each = faces.map((r) => 10 * (e(r, "happy") + 0.5 * e(r, "surprise") - e(r, "sad") - e(r, "angry") - e(r, "fear") - e(r, "disgust")));
  const mean = each.reduce((a, b) => a + b, 0) / each.length;
  return Math.max(-10, Math.min(10, Math.round(mean)));
}

/** The spec's emotion label from valence (dashboard.md, "Emotion label from valence"); "—" without one. */
export function emotionFromValence(valence: number | null): string {
  if (valence === null) return "—";
  if (valence <= -6) return "Distressed";
  if (valence <= -2) return "Sad";
  if (valence <= 1) return "Neutral";
  if (valence <= 5) return "Content";
  if (valence <= 8) return "Happy";
  return "Euphoric";
}
