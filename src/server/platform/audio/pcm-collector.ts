import { StreamingResampler } from "./resampler";

/**
 * Keeps the first `maxSeconds` of decoded audio as mono 16-bit PCM at `rate` (16 kHz for speech recognition), fed
 * piece by piece as frames are decoded; the rest is dropped, so memory stays bounded (2 MB for a minute at 16 kHz).
 */
export class PcmCollector {
  private readonly out: Int16Array;
  private length = 0;
  private readonly resampler: StreamingResampler;

  constructor(rate: number, maxSeconds: number) {
    this.out = new Int16Array(Math.floor(rate * maxSeconds));
    this.resampler = new StreamingResampler(rate);
  }

  add(samples: Float32Array, sampleRate: number): void {
    if (this.length >= this.out.length) return;
    this.resampler.push(samples, sampleRate, (sample) => {
      if (this.length < this.out.length) this.out[this.length++] = Math.round(Math.max(-1, Math.min(1, sample)) * 32767);
    });
  }

  samples(): Int16Array {
    return this.out.subarray(0, this.length);
  }
}
