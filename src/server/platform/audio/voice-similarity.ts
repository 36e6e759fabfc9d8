import type { VoiceFeatures } from "./voice-features";

/**
 * How near the offline engine's settings came to the owner's prosody, 0..1: what the engine maximises while it fits
 * its pitch, range and speed (docs/formulas.md, "Fitting"). It is not shown: a formant synthesizer scores high on it
 * whoever it copies (an espeak approximation read 92.5 %); the figure shown is `speakerSimilarity` below.
 *
 *   pitch  = exp(−|12·log2(F0a / F0b)| / 4)          4 semitones apart → 0.37
 *   spread = exp(−|spreadA − spreadB| / 2)           intonation ranges 2 semitones apart → 0.37
 *   rate   = exp(−|log2(rateA / rateB)| / 0.5)       one speaking 41 % faster → 0.37
 *   timbre = max(0, cos(mfccA, mfccB))               cosine of the mean MFCC 1..12 vectors
 *
 *   similarity = (0.35·pitch + 0.15·spread + 0.2·rate + 0.3·timbre) / (sum of the weights used)
 *
 * A part missing on either side (no voiced speech, too little speech for a rate) is left out and the weights of the
 * others renormalised; with nothing comparable the answer is 0, never a guess. Identical features give exactly 1.
 */
export function voiceSimilarity(a: VoiceFeatures, b: VoiceFeatures): number {
  const parts: [weight: number, score: number | null][] = [
    [0.35, both(a.medianF0Hz, b.medianF0Hz, (x, y) => Math.exp(-Math.abs(12 * Math.log2(x / y)) / 4))],
    [0.15, a.f0SpreadSemitones === null || b.f0SpreadSemitones === null ? null : Math.exp(-Math.abs(a.f0SpreadSemitones - b.f0SpreadSemitones) / 2)],
    [0.2, both(a.syllablesPerSecond, b.syllablesPerSecond, (x, y) => Math.exp(-Math.abs(Math.log2(x / y)) / 0.5))],
    [0.3, cosine(a.mfccMeans, b.mfccMeans)],
  ];
  let weights = 0;
  let sum = 0;
  for (const [weight, score] of parts) {
    if (score === null || !Number.isFinite(score)) continue;
    weights += weight;
    sum += weight * score;
  }
  return weights === 0 ? 0 : Math.min(1, Math.max(0, sum / weights));
}

function both(x: number | null, y: number | null, score: (x: number, y: number) => number): number | null {
  return x !== null && y !== null && x > 0 && y > 0 ? score(x, y) : null;
}

function cosine(a: number[], b: number[]): number | null {
  if (a.length === 0 || a.length !== b.length) return null;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  if (na === 0 || nb === 0) return null;
  // Rounding can put an identical pair a hair above 1.
  return Math.max(0, Math.min(1, dot / Math.sqrt(na * nb)));
}

/**
 * Speaker similarity, the figure shown for a clone (docs/formulas.md, "Voice clone similarity"): how close two
 * recordings are on the features that tell speakers apart, calibrated against a baseline of known pairs.
 *
 *   timbre distance  dT = √( mean over k=1..12 of ((meanA_k − meanB_k) / σ_k)² ),  σ_k = √((sdA_k² + sdB_k²) / 2)
 *                    (the mean MFCC vectors' gap in units of how much each coefficient moves within a recording)
 *   pitch distance   dP = |12·log2(F0a / F0b)| / 6                 (6 semitones = 1)
 *   distance         D  = √(dT² + dP²)
 *   similarity       = clamp((D_DIFFERENT − D) / (D_DIFFERENT − D_SAME), 0, 1)
 *
 * D_SAME is the median distance between two recordings of one speaker (0.134) and D_DIFFERENT the median between
 * two different speakers within 3 semitones of each other (0.40: a clone's pitch is always fitted, so pitch alone
 * must not make it look alike), measured on seven espeak-ng voices by scripts/calibrate-voice-similarity.ts: 1 is as
 * alike as one speaker's two recordings, 0 as different as two different speakers of that pitch, or more. Null when
 * either side has no voiced speech.
 */
export const SPEAKER_DISTANCE_SAME = 0.134;
export const SPEAKER_DISTANCE_DIFFERENT = 0.4;

export function speakerDistance(a: VoiceFeatures, b: VoiceFeatures): number | null {
  const sa = a.mfccStds;
  const sb = b.mfccStds;
  if (!sa || !sb || a.mfccMeans.length === 0 || a.mfccMeans.length !== b.mfccMeans.length || sa.length !== sb.length || sa.length !== a.mfccMeans.length) return null;
  if (a.medianF0Hz === null || b.medianF0Hz === null) return null;
  let sum = 0;
  for (let k = 0; k < a.mfccMeans.length; k++) {
    const sd = Math.sqrt((sa[k]! ** 2 + sb[k]! ** 2) / 2);
    if (!(sd > 0)) return null;
    sum += ((a.mfccMeans[k]! - b.mfccMeans[k]!) / sd) ** 2;
  }
  const timbre = Math.sqrt(sum / a.mfccMeans.length);
  const pitch = Math.abs(12 * Math.log2(a.medianF0Hz / b.medianF0Hz)) / 6;
  return Math.sqrt(timbre ** 2 + pitch ** 2);
}

export function speakerSimilarity(a: VoiceFeatures, b: VoiceFeatures): number | null {
  const distance = speakerDistance(a, b);
  if (distance === null) return null;
  return Math.min(1, Math.max(0, (SPEAKER_DISTANCE_DIFFERENT - distance) / (SPEAKER_DISTANCE_DIFFERENT - SPEAKER_DISTANCE_SAME)));
}
