import { FILLER } from "./lexicon";

const words = (text: string) => (text.toLowerCase().replace(/\[\d+\]/g, " ").match(/[a-z0-9]+/g) ?? []).filter((w) => w.length >= 3 && !FILLER.has(w));
// Five letters join the forms of a word ("married", "marrying") without a stemmer.
const stem = (w: string) => w.slice(0, 5);

/**
 * How well an answer is grounded in the material it cites, 0–100: the share of the answer's content words that
 * appear in those sources. An answer made of the person's own sentences scores near 100; one that adds facts scores
 * lower. Null when the answer cites nothing (an honest "I never talked about that" is not scored). docs/formulas.md.
 */
export function groundingScore(answer: string, sources: readonly string[]): number | null {
  if (sources.length === 0) return null;
  const available = new Set(sources.flatMap(words).map(stem));
  const used = words(answer);
  if (used.length === 0) return null;
  const supported = used.filter((w) => available.has(stem(w))).length;
  return Math.round((100 * supported) / used.length);
}
