import { contentStems } from "../../platform/text";
import { FRAME } from "./lexicon";

const words = (text: string) => contentStems(text.replace(/\[\d+\]/g, " ")).filter((s) => s.length >= 3 && !FRAME.has(s));

/**
 * How well an answer is grounded in the material it cites, 0–100: the share of the answer's content words (stems)
 * that appear in those sources. An answer made of the person's own sentences scores near 100; one that adds facts
 * scores lower. Null when the answer cites nothing (an honest "I never talked about that" is not scored).
 * docs/formulas.md.
 */
export function groundingScore(answer: string, sources: readonly string[]): number | null {
  if (sources.length === 0) return null;
  const available = new Set(sources.flatMap(words));
  const used = words(answer);
  if (used.length === 0) return null;
  const supported = used.filter((w) => available.has(w)).length;
  return Math.round((100 * supported) / used.length);
}
