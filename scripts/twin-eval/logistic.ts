/** One candidate of one question: its features and whether it is an expected source. */
export interface Example {
  features: number[];
  label: 0 | 1;
}

export interface LogisticModel {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Logistic regression by full-batch gradient descent on standardised features, with an L2 penalty that keeps weights
 * of rare features (a time match, a contradiction) from running away on a few hundred questions. Positives are
 * weighted up to the negatives' total, so a pool of fifteen candidates with one right one does not teach "never".
 * `signs` (+1, −1 or 0 per feature) keeps a weight on the side general knowledge puts it: our development questions
 * share no word with their memory by design, which alone would teach that shared words count against one. `floors`
 * keeps a feature worth at least a set share of another, in their own units, where the data cannot show its worth.
 */
export function fitLogistic(
  examples: Example[],
  options: { l2?: number; iterations?: number; rate?: number; signs?: number[]; floors?: Array<{ feature: number; of: number; ratio: number }> } = {},
): LogisticModel {
  const { l2 = 0.01, iterations = 800, rate = 0.5, signs = [], floors = [] } = options;
  const d = examples[0]?.features.length ?? 0;
  const n = examples.length;
  const mean = Array.from({ length: d }, (_, j) => examples.reduce((s, e) => s + e.features[j]!, 0) / n);
  // A feature that barely varies is left unscaled: its rounded spread would be 0.
  const scale = Array.from({ length: d }, (_, j) => {
    const spread = Math.sqrt(examples.reduce((s, e) => s + (e.features[j]! - mean[j]!) ** 2, 0) / n);
    return spread < 1e-4 ? 1 : spread;
  });
  const x = examples.map((e) => e.features.map((v, j) => (v - mean[j]!) / scale[j]!));
  const positives = examples.filter((e) => e.label === 1).length;
  const positiveWeight = positives === 0 ? 1 : (n - positives) / positives;
  const sampleWeight = examples.map((e) => (e.label === 1 ? positiveWeight : 1));
  const total = sampleWeight.reduce((a, b) => a + b, 0);
  const w = new Array<number>(d).fill(0);
  let b = 0;
  for (let it = 0; it < iterations; it++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      let z = b;
      for (let j = 0; j < d; j++) z += w[j]! * x[i]![j]!;
      const err = (1 / (1 + Math.exp(-z)) - examples[i]!.label) * sampleWeight[i]!;
      for (let j = 0; j < d; j++) gw[j]! += err * x[i]![j]!;
      gb += err;
    }
    for (let j = 0; j < d; j++) {
      w[j]! -= rate * (gw[j]! / total + l2 * w[j]!);
      // A sign known beforehand (a shared word never counts against a memory) is kept: projected gradient descent.
      if ((signs[j] ?? 0) * w[j]! < 0) w[j] = 0;
    }
    // A floor in the features' own units: this feature counts at least `ratio` times as much as `of` does.
    for (const { feature, of, ratio } of floors) w[feature] = Math.max(w[feature]!, (ratio * w[of]! * scale[feature]!) / scale[of]!);
    b -= rate * (gb / total);
  }
  return { mean: mean.map(round), scale: scale.map(round), weights: w.map(round), bias: round(b) };
}
