import type { Biometrics } from "../../../contract";
import type { NewestReading } from "./readings";

/** Without a resting heart rate, a typical adult's (the middle of the 60–100 bpm range the AHA gives). */
export const TYPICAL_RESTING_BPM = 70;

/**
 * The Consciousness State box, read from the newest heart rate: how far it runs above the person's newest resting
 * heart rate. ≤ 10 bpm above "Calm", ≤ 30 "Active", more "Highly aroused" (docs/formulas.md, "Consciousness state").
 */
export function consciousnessState(newest: NewestReading[]): Biometrics["state"] {
  const heart = newest.find((r) => r.metric === "heart_rate");
  if (!heart) return { arousal: null, details: [], at: null };
  const resting = newest.find((r) => r.metric === "resting_heart_rate");
  const reference = resting?.value ?? TYPICAL_RESTING_BPM;
  const above = heart.value - reference;
  const arousal = above <= 10 ? "Calm" : above <= 30 ? "Active" : "Highly aroused";
  const details = [
    `Heart rate ${Math.round(heart.value)} bpm`,
    resting ? `${Math.round(Math.abs(above))} bpm ${above >= 0 ? "above" : "below"} your resting ${Math.round(reference)} bpm` : `No resting heart rate yet: compared with a typical ${TYPICAL_RESTING_BPM} bpm`,
  ];
  const hrv = newest.find((r) => r.metric === "hrv_rmssd") ?? newest.find((r) => r.metric === "hrv_sdnn");
  if (hrv) details.push(`${hrv.metric === "hrv_rmssd" ? "HRV (RMSSD)" : "HRV (SDNN)"} ${Math.round(hrv.value)} ms`);
  return { arousal, details, at: heart.at.toISOString() };
}
