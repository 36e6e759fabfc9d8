/**
 * Streaming conversion of any input rate to one target rate (16 kHz for voice features). A two-stage Butterworth
 * low-pass below the target's Nyquist frequency keeps higher frequencies from folding back (aliasing), then linear
 * interpolation picks the output points. State carries over between calls, so pieces of a stream join seamlessly.
 */
export class StreamingResampler {
  private inputRate = 0;
  private readonly filters = [new Biquad(), new Biquad()];
  private position = 0; // where the next output sample lies, in input samples from `previous`
  private previous = 0;

  constructor(private readonly targetRate: number) {}

  /** Calls `emit` with each output sample in order. */
  push(samples: Float32Array, sampleRate: number, emit: (sample: number) => void): void {
    if (sampleRate !== this.inputRate) this.reset(sampleRate);
    const step = sampleRate / this.targetRate;
    const filtering = sampleRate > this.targetRate;
    for (let i = 0; i < samples.length; i++) {
      let x = samples[i] ?? 0;
      if (filtering) for (const filter of this.filters) x = filter.run(x);
      // Output points between `previous` (offset 0) and this sample (offset 1).
      while (this.position <= 1) {
        emit(this.previous + (x - this.previous) * this.position);
        this.position += step;
      }
      this.position -= 1;
      this.previous = x;
    }
  }

  private reset(sampleRate: number): void {
    this.inputRate = sampleRate;
    this.position = 0;
    this.previous = 0;
    // 0.45 of the target rate: just under its Nyquist limit, so the speech band up to ~7 kHz survives at 16 kHz.
    const cutoff = Math.min(0.45 * this.targetRate, 0.45 * sampleRate);
    for (const filter of this.filters) filter.lowPass(cutoff, sampleRate);
  }
}

/** A second-order Butterworth low-pass (the RBJ cookbook form), direct form I. */
class Biquad {
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  lowPass(cutoff: number, sampleRate: number): void {
    const w = (2 * Math.PI * cutoff) / sampleRate;
    const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
    const a0 = 1 + alpha;
    const cos = Math.cos(w);
    this.b0 = (1 - cos) / 2 / a0;
    this.b1 = (1 - cos) / a0;
    this.b2 = this.b0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
    this.x1 = this.x2 = this.y1 = this.y2 = 0;
  }

  run(x: number): number {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}
