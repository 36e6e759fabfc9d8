import type { Example } from "./logistic";

/** One split of one feature: below or at `at`, the score moves by `low`; above, by `high`. */
export interface Stump {
  feature: number;
  at: number;
  low: number;
  high: number;
}

export interface StumpModel {
  base: number;
  stumps: Stump[];
}



/**
 * Gradient-boosted stumps on the logistic loss (Friedman's LogitBoost step: each stump fits the gradient, its two
 * leaves take a Newton step), with positives weighted up to the negatives' total as in fitLogistic. Splits are tried
 * at each feature's deciles, so a few hundred questions cannot fit one odd value.
 */
export function fitStumps(examples: Example[], options: { rounds?: number; rate?: number } = {}): StumpModel {
  const { rounds = 150, rate = 0.1 } = options;
  const n = examples.length;
  const d = examples[0]?.features.length ?? 0;
  const positives = examples.filter((e) => e.label === 1).length;
  const weight = examples.map((e) => (e.label === 1 ? (n - positives) / Math.max(positives, 1) : 1));
  const splits = Array.from({ length: d }, (_, j) => {
    const values = [...new Set(examples.map((e) => e.features[j]!))].sort((a, b) => a - b);
    if (values.length <= 10) return values.slice(0, -1);
    return [...new Set(Array.from({ length: 9 }, (_, k) => values[Math.floor(((k + 1) * values.length) / 10)]!))];
  });
  const score = new Array<number>(n).fill(0);
  const stumps: Stump[] = [];
  for (let round = 0; round < rounds; round++) {
    const p = score.map((z) => 1 / (1 + Math.exp(-z)));
    const g = examples.map((e, i) => weight[i]! * (e.label - p[i]!));
    const h = p.map((pi, i) => weight[i]! * pi * (1 - pi) + 1e-9);
    let best: (Stump & { gain: number }) | null = null;
    for (let j = 0; j < d; j++) {
      for (const at of splits[j]!) {
        let gl = 0, hl = 0, gr = 0, hr = 0;
        for (let i = 0; i < n; i++) {
          if (examples[i]!.features[j]! <= at) { gl += g[i]!; hl += h[i]!; } else { gr += g[i]!; hr += h[i]!; }
        }
        const gain = (gl * gl) / (hl + 1) + (gr * gr) / (hr + 1);
        if (!best || gain > best.gain) best = { feature: j, at, low: gl / (hl + 1), high: gr / (hr + 1), gain };
      }
    }
    if (!best) break;
    const stump = { feature: best.feature, at: best.at, low: rate * best.low, high: rate * best.high };
    stumps.push(stump);
    for (let i = 0; i < n; i++) score[i]! += examples[i]!.features[stump.feature]! <= stump.at ? stump.low : stump.high;
  }
  return { base: 0, stumps };
}
