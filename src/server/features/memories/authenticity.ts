/**
 * Authenticity score: 0–100, how detailed and first-hand a memory reads (formula and reasons in
 * docs/formulas.md). Pure and deterministic: the same text and tags always give the same score.
 */

const FIRST_PERSON = new Set(["i", "i'm", "i've", "i'd", "i'll", "me", "my", "mine", "myself", "we", "we're", "we've", "we'd", "we'll", "us", "our", "ours", "ourselves"]);
const MONTHS_AND_DAYS = new Set([
  "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
  "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
]);
const SENSORY = new Set([
  "smell", "smelled", "smelt", "scent", "taste", "tasted", "sweet", "bitter", "salty", "sour", "warm", "cold", "hot",
  "soft", "rough", "loud", "quiet", "sound", "heard", "hear", "saw", "see", "bright", "dark", "touch", "touched",
  "felt", "voice", "music", "rain", "sun", "wind", "colour", "color", "red", "blue", "green", "yellow",
]);

/** Saturating share: 0 at none, 1 from `full` upward. */
const share = (count: number, full: number) => Math.min(count, full) / full;

export const AUTHENTICITY_WEIGHTS = { length: 40, firstPerson: 20, numbers: 10, properNouns: 10, sensory: 10, tags: 10 } as const;

interface Word {
  text: string;
  atSentenceStart: boolean;
}

function words(content: string): Word[] {
  const result: Word[] = [];
  let sentenceStart = true;
  // Letters, digits and inner apostrophes/slashes/hyphens make a word ("don't", "1984", "12/05").
  for (const match of content.matchAll(/[\p{L}\p{N}]+(?:['’/-][\p{L}\p{N}]+)*|[.!?]/gu)) {
    const token = match[0];
    if (/^[.!?]$/.test(token)) {
      sentenceStart = true;
      continue;
    }
    result.push({ text: token.replace(/’/g, "'"), atSentenceStart: sentenceStart });
    sentenceStart = false;
  }
  return result;
}

/** The parts of the score, each already weighted; their sum (rounded) is the score. */
export function authenticityParts(content: string, tags: readonly string[]) {
  const list = words(content);
  const lower = list.map((w) => w.text.toLowerCase());
  const firstPerson = lower.filter((w) => FIRST_PERSON.has(w)).length;
  const numbers = lower.filter((w) => /\p{N}/u.test(w) || MONTHS_AND_DAYS.has(w)).length;
  const properNouns = list.filter(
    (w) => !w.atSentenceStart && /^\p{Lu}/u.test(w.text) && !FIRST_PERSON.has(w.text.toLowerCase()) && !MONTHS_AND_DAYS.has(w.text.toLowerCase()),
  ).length;
  const sensory = lower.filter((w) => SENSORY.has(w)).length;
  return {
    length: AUTHENTICITY_WEIGHTS.length * share(list.length, 120),
    firstPerson: AUTHENTICITY_WEIGHTS.firstPerson * share(firstPerson, 5),
    numbers: AUTHENTICITY_WEIGHTS.numbers * share(numbers, 2),
    properNouns: AUTHENTICITY_WEIGHTS.properNouns * share(properNouns, 3),
    sensory: AUTHENTICITY_WEIGHTS.sensory * share(sensory, 3),
    tags: AUTHENTICITY_WEIGHTS.tags * share(tags.length, 2),
  };
}

/** A whole number from 0 to 100; see docs/formulas.md. */
export function computeAuthenticityScore(content: string, tags: readonly string[]): number {
  const parts = authenticityParts(content, tags);
  const total = Object.values(parts).reduce((sum, part) => sum + part, 0);
  return Math.max(0, Math.min(100, Math.round(total)));
}
