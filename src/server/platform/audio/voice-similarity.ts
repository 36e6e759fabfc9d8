import type { VoiceFeatures } from "./voice-features";

/**
 * How alike two voices sound by the measured features, 0..1 (docs/formulas.md, "Voice clone similarity"):
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
