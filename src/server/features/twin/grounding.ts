import { contentStems } from "../../platform/text";
import { FRAME } from "./lexicon";

const words = (text: string) => contentStems(text.replace(/\[\d+\]/g, " ")).filter((s) => s.length >= 3 && !FRAME.has(s));

/**
 * The share of an answer's content words (stems)
 * that appear in the material it cites. An answer made of the person's own sentences scores near 100; one that adds facts
 * scores lower. Null when the answer cites nothing (an honest "I never talked about that" is not scored).
 * docs/formulas.md.
 */
export function wordsGrounding(answer: string, sources: readonly string[]): number | null {
  if (sources.length === 0) return null;
  const available = new Set(sources.flatMap(words));
  const used = words(answer);
  if (used.length === 0) return null;
  const supported = used.filter((w) => available.has(w)).length;
  return Math.round((100 * supported) / used.length);
}

/**
 * How well an answer is grounded, 0–100 (docs/formulas.md, "Grounding score"): the lower of the decision's own chance
 * that the least sure of its sources answers the question, and the share of the answer's words found in the sources.
 * So 100 % needs both a sure reader and the person's own words. Null when the answer cites nothing.
 */
export function groundingScore(answer: string, sources: ReadonlyArray<{ text: string; chance: number }>): number | null {
  const words = wordsGrounding(answer, sources.map((s) => s.text));
  if (words === null) return null;
  return Math.min(words, Math.round(100 * Math.min(...sources.map((s) => s.chance))));
}
