// Small text helpers shared by the local model's composers. Sentences come from the one text module.
export { splitSentences } from "../../platform/text";

/** Counts words the way a reader would: runs of non-space characters. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => w.length > 0).length;
}

/** Cuts text to at most maxWords words at a word boundary, marking the cut with an ellipsis. */
export function trimToWords(text: string, maxWords: number): string {
  const words = text.replace(/\s+/g, " ").trim().split(" ");
  if (words.length <= maxWords) return words.join(" ");
  // Drop trailing connective words so a quote never ends on "and …".
  const kept = words.slice(0, maxWords);
  while (kept.length > 1 && /^(and|or|but|the|a|an|to|of|so|with|for|that|if|then|because|my|your)$/i.test(kept.at(-1) ?? "")) kept.pop();
  return `${kept.join(" ").replace(/[,;:–—-]+$/, "")}…`;
}

/** Like trimToWords, but when the word at `focusChar` would be cut off, the excerpt starts later (with "…") to keep it. */
export function excerptAround(text: string, maxWords: number, focusChar: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const focusWord = focusChar < 0 ? 0 : countWords(text.slice(0, focusChar));
  if (focusWord < maxWords - 1) return trimToWords(flat, maxWords);
  const words = flat.split(" ");
  const start = Math.max(0, focusWord - (maxWords - 4));
  return `…${trimToWords(words.slice(start).join(" "), maxWords)}`;
}

/** Joins items as English prose: "a", "a and b", "a, b and c". */
export function joinAsList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Upper-cases the first letter only (names and quotes keep their own casing). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const SMALL_NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/** Spells out numbers up to twelve, as prose does; larger ones stay digits. */
export function numberWord(n: number): string {
  return SMALL_NUMBERS[n] ?? String(n);
}
