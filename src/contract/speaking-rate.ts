/**
 * Shared by the server (the voice engine's speaking rate) and the browser (the capture session's live signals), so
 * both count syllables the same way (docs/formulas.md).
 *
 * Speaking rate from per-frame numbers. Syllable nuclei are the loudness peaks of voiced speech: a peak counts when a
 * voiced frame lies within 32 ms of it and the loudness dips by at least 3 dB between it and the previous nucleus (two
 * syllables run together without a voicing break, "we were", still dip between their vowels; the wobble inside one
 * vowel does not). Voicing alone would not do: how many frames pass the pitch test varies with the voice, so counting
 * voicing breaks would count the voice rather than the syllables. The rate is per second of speech-active time, so
 * long pauses between phrases do not slow it down, while the short gaps inside fluent speech still count as speaking.
 */

/** How far the loudness must fall between two nuclei for them to count as two, in dB. */
const DIP_DB = 3;
/** Silences shorter than this belong to the speech around them (gaps between words, stop closures). */
const MAX_INNER_PAUSE_SECONDS = 0.3;
/** A nucleus needs a voiced frame this close (in frames either side). */
const VOICED_REACH = 2;

export interface RateFrames {
  /** Loudness of each frame, dB (any reference). */
  levelDb: ArrayLike<number>;
  voiced: ArrayLike<boolean>;
  /** Above the energy gate: someone is speaking, voiced or not. */
  active: ArrayLike<boolean>;
  hopSeconds: number;
}

export function countSyllables(frames: RateFrames): number {
  const n = frames.levelDb.length;
  // A three-frame average keeps single-frame flicker from making peaks.
  const level = (i: number) => {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, i - 1); k <= Math.min(n - 1, i + 1); k++, count++) sum += frames.levelDb[k] ?? -200;
    return sum / count;
  };
  const nearVoiced = (i: number) => {
    for (let k = Math.max(0, i - VOICED_REACH); k <= Math.min(n - 1, i + VOICED_REACH); k++) if (frames.voiced[k]) return true;
    return false;
  };
  let count = 0;
  let lastPeak = -Infinity; // level of the last nucleus counted
  let lowest = Infinity; // lowest level since then
  for (let i = 0; i < n; i++) {
    const here = level(i);
    if (!frames.active[i]) {
      lowest = -Infinity; // silence separates nuclei for certain
      continue;
    }
    lowest = Math.min(lowest, here);
    const isPeak = here >= level(i - 1) && here > level(i + 1);
    if (!isPeak || !nearVoiced(i)) continue;
    if (lowest <= Math.min(lastPeak, here) - DIP_DB) {
      count++;
      lastPeak = here;
      lowest = here;
    } else if (here > lastPeak) {
      lastPeak = here; // the same nucleus, rising further
      lowest = here;
    }
  }
  return count;
}

export function activeSeconds(frames: RateFrames): number {
  const maxGap = Math.max(1, Math.round(MAX_INNER_PAUSE_SECONDS / frames.hopSeconds));
  let hops = 0;
  let last = -1;
  for (let i = 0; i < frames.active.length; i++) {
    if (!frames.active[i]) continue;
    hops += last >= 0 && i - last <= maxGap ? i - last : 1;
    last = i;
  }
  return hops * frames.hopSeconds;
}
