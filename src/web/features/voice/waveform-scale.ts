/**
 * How loud each of the live waveform's bars is drawn, from the analyser's time-domain samples (floats, -1..1).
 *
 * A log (decibel) scale, not a linear one: normal speech sits near -21 dBFS RMS (an amplitude of about 0.09), so a
 * linear bar filled a tenth of the box and the microphone looked dead. Decibels follow how loudness is heard, so
 * a soft speaker (-30 dBFS) and a loud one (-12 dBFS) both show clearly without either clipping.
 * Chosen over peak normalisation with a smoothed running peak: normalising makes a quiet room look as busy as speech
 * during pauses (it scales the noise up to the last peak), and it needs state and tuning of its own; the dB scale is
 * a pure function of the samples, with a fixed floor below which the room's hiss stays flat.
 */

/** Below this a slice reads as silence: room noise after the browser's noise suppression is about -60 dBFS. */
export const WAVEFORM_FLOOR_DB = -55;
/** At or above this a bar is full: the loudest speech peaks, a little under clipping. */
export const WAVEFORM_CEILING_DB = -6;

/** A peak amplitude (0..1) as a bar height (0..1) on the decibel scale between the floor and the ceiling. */
export function levelOfPeak(peak: number): number {
  if (!(peak > 0)) return 0;
  const db = 20 * Math.log10(Math.min(1, peak));
  return Math.min(1, Math.max(0, (db - WAVEFORM_FLOOR_DB) / (WAVEFORM_CEILING_DB - WAVEFORM_FLOOR_DB)));
}

/** The peak amplitude of each of `bars` equal slices of the analyser's window, each as a bar height (0..1). */
export function barLevels(samples: Float32Array, bars: number): number[] {
  const per = samples.length / bars;
  return Array.from({ length: bars }, (_, i) => {
    let peak = 0;
    for (let j = Math.floor(i * per); j < Math.floor((i + 1) * per); j++) peak = Math.max(peak, Math.abs(samples[j]!));
    return levelOfPeak(peak);
  });
}
