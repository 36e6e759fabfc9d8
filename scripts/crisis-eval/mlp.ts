import type { Example } from "../twin-eval/logistic";

/** A network of one hidden layer (tanh) over standardised features, ending in a logistic output. */
export interface MlpModel {
  mean: number[];
  scale: number[];
  /** hidden × inputs, row by row. */
  hidden: number[][];
  hiddenBias: number[];
  out: number[];
  outBias: number;
}

/** A seeded generator, so a refit gives the same model. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function mlpProbability(model: MlpModel, features: readonly number[]): number {
  const x = features.map((v, j) => (v - model.mean[j]!) / model.scale[j]!);
  let z = model.outBias;
  model.hidden.forEach((row, h) => {
    let a = model.hiddenBias[h]!;
    for (let j = 0; j < x.length; j++) a += row[j]! * x[j]!;
    z += model.out[h]! * Math.tanh(a);
  });
  return 1 / (1 + Math.exp(-z));
}

/**
 * Fits the network by mini-batch Adam with weight decay, positives weighted up to the negatives' total (as fitLogistic).
 * Design 8 of the crisis check (docs/formulas.md, "Crisis check"): can a bend in the boundary tell "kms lol" from "I
 * want to die"?
 */
export function fitMlp(examples: Example[], options: { hidden?: number; epochs?: number; rate?: number; decay?: number; seed?: number } = {}): MlpModel {
  const { hidden: H = 32, epochs = 40, rate = 0.003, decay = 1e-3, seed = 42 } = options;
  const rnd = random(seed);
  const n = examples.length;
  const d = examples[0]!.features.length;
  const mean = Array.from({ length: d }, (_, j) => examples.reduce((s, e) => s + e.features[j]!, 0) / n);
  const scale = Array.from({ length: d }, (_, j) => {
    const spread = Math.sqrt(examples.reduce((s, e) => s + (e.features[j]! - mean[j]!) ** 2, 0) / n);
    return spread < 1e-4 ? 1 : spread;
  });
  const x = examples.map((e) => Float64Array.from(e.features, (v, j) => (v - mean[j]!) / scale[j]!));
  const positives = examples.filter((e) => e.label === 1).length;
  const weightOf = (label: number) => (label === 1 ? (n - positives) / Math.max(1, positives) : 1);
  const W = Array.from({ length: H }, () => Float64Array.from({ length: d }, () => (rnd() * 2 - 1) / Math.sqrt(d)));
  const bH = new Float64Array(H);
  const V = Float64Array.from({ length: H }, () => (rnd() * 2 - 1) / Math.sqrt(H));
  let c = 0;
  // Adam's moments for every parameter.
  const mW = W.map(() => new Float64Array(d)), vW = W.map(() => new Float64Array(d));
  const mbH = new Float64Array(H), vbH = new Float64Array(H), mV = new Float64Array(H), vV = new Float64Array(H);
  let mc = 0, vc = 0, step = 0;
  const b1 = 0.9, b2 = 0.999, eps = 1e-8;
  const order = Array.from({ length: n }, (_, i) => i);
  const BATCH = 64;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = n - 1; i > 0; i--) {
      const k = Math.floor(rnd() * (i + 1));
      [order[i], order[k]] = [order[k]!, order[i]!];
    }
    for (let start = 0; start < n; start += BATCH) {
      const batch = order.slice(start, start + BATCH);
      const gW = W.map(() => new Float64Array(d)), gbH = new Float64Array(H), gV = new Float64Array(H);
      let gc = 0, total = 0;
      for (const i of batch) {
        const xi = x[i]!;
        const a = new Float64Array(H);
        let z = c;
        for (let h = 0; h < H; h++) {
          let s = bH[h]!;
          const row = W[h]!;
          for (let j = 0; j < d; j++) s += row[j]! * xi[j]!;
          a[h] = Math.tanh(s);
          z += V[h]! * a[h]!;
        }
        const sw = weightOf(examples[i]!.label);
        total += sw;
        const err = (1 / (1 + Math.exp(-z)) - examples[i]!.label) * sw;
        gc += err;
        for (let h = 0; h < H; h++) {
          gV[h]! += err * a[h]!;
          const back = err * V[h]! * (1 - a[h]! * a[h]!);
          gbH[h]! += back;
          const g = gW[h]!;
          for (let j = 0; j < d; j++) g[j]! += back * xi[j]!;
        }
      }
      step++;
      const lr = (rate * Math.sqrt(1 - b2 ** step)) / (1 - b1 ** step);
      const update = (p: Float64Array, g: Float64Array, m: Float64Array, v: Float64Array, withDecay: boolean) => {
        for (let j = 0; j < p.length; j++) {
          const grad = g[j]! / total + (withDecay ? decay * p[j]! : 0);
          m[j] = b1 * m[j]! + (1 - b1) * grad;
          v[j] = b2 * v[j]! + (1 - b2) * grad * grad;
          p[j]! -= (lr * m[j]!) / (Math.sqrt(v[j]!) + eps);
        }
      };
      for (let h = 0; h < H; h++) update(W[h]!, gW[h]!, mW[h]!, vW[h]!, true);
      update(bH, gbH, mbH, vbH, false);
      update(V, gV, mV, vV, true);
      const gcs = gc / total;
      mc = b1 * mc + (1 - b1) * gcs;
      vc = b2 * vc + (1 - b2) * gcs * gcs;
      c -= (lr * mc) / (Math.sqrt(vc) + eps);
    }
  }
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  return { mean: mean.map(r), scale: scale.map(r), hidden: W.map((row) => Array.from(row, r)), hiddenBias: Array.from(bH, r), out: Array.from(V, r), outBias: r(c) };
}
