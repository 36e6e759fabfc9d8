import { statementDate, voiceConsentScopes, voiceConsentStatement } from "../../../contract";
import type { StatementParts } from "./consent-check";
import { doubleMetaphone } from "double-metaphone";
import { spokenNumber } from "./spoken-number";

/**
 * The consent check on what was said (issue 46's design, docs/formulas.md "Voice consent check"): the reading is
 * transcribed (Whisper), its words aligned with the statement's, and it is the statement when
 * - at least STATEMENT_SHARE of the statement's words were heard in order (a longest common subsequence);
 * - the scope's sentence was heard (at least SCOPE_SHARE of its words in order) better than any other scope's: what
 *   was agreed to is what was read;
 * - the name was heard: among the first words, a run of one to four whose letters are within NAME_LIKENESS of the
 *   name's, or whose sound is (Double Metaphone codes, NAME_SOUND_LIKENESS): Whisper spells a name it does not know as
 *   it hears it ("Ines Carvalho" came back "in East Carmel", "Siobhan Keane" "Shivankin");
 * - the day is not contradicted: no other month is said where the day is ("today is …", "today's …"), and beside its
 *   month (either order) no other day's number is heard clearly (OTHER_DAY_LIKENESS) and more clearly than this day's.
 *   A day said by a synthetic voice is often heard as something else entirely ("9 September" came back "high in
 *   September", "11 February" "11th every"): that is not a contradiction, but "27 November" for the 28th is.
 *   (Requiring the number itself to be heard refused 6 of 52 readings; requiring the month, 6 of 52 held-out ones.)
 */
export const STATEMENT_SHARE = 0.7;
export const SCOPE_SHARE = 0.7;
export const NAME_LIKENESS = 0.5;
/** Or the name's sound (Double Metaphone codes of its words, joined) this alike to a run's: "Shivankin" for "Siobhan Keane". */
export const NAME_SOUND_LIKENESS = 0.67;
/** Another day's number heard this clearly beside the month contradicts the day ("27 November" for the 28th). */
export const OTHER_DAY_LIKENESS = 0.8;
/** The name is said in the first sentence: it is looked for among the first words heard. */
const NAME_WITHIN = 12;

export interface WordHearing {
  accepted: boolean;
  /**
   * Words heard that the statement does not say and that refuse, negate or contradict it ("I do not agree, I refuse"),
   * quoted with the words around them as heard; null when there are none. Any makes the check fail (SECURITY.md 50).
   */
  contradiction: string | null;
  /** Share of the statement's words heard in order, 0..1, and the counts it is made of. */
  share: number;
  wordsHeard: number;
  words: number;
  scopeShare: number;
  nameHeard: boolean;
  dayHeard: boolean;
}

const ORDINALS: Record<string, string> = { first: "one", second: "two", third: "three", fourth: "four", fifth: "five", sixth: "six", seventh: "seven", eighth: "eight", ninth: "nine", tenth: "ten", eleventh: "eleven", twelfth: "twelve", twentieth: "twenty", thirtieth: "thirty" };

/**
 * Words as compared: lower case, digits read out ("28th" → "twenty eight", "2,026" → "two thousand and twenty six"),
 * ordinals as numbers, "twin's" as "twins", "I'm" as "I am" (so "I'm not Rosa" adds "not" to "I am Rosa"; a negation's
 * own contraction, "can't", stays one word).
 */
export function comparableWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(/(\d+)(?:st|nd|rd|th)\b/g, "$1")
    .replace(/\d+/g, (digits) => ` ${spokenNumber(Number(digits))} `)
    .replace(/\bi'm\b/g, "i am")
    .replace(/\bi've\b/g, "i have")
    .replace(/\bi'll\b/g, "i will")
    .replace(/'s\b/g, "s")
    .split(/[^a-z']+/)
    .filter(Boolean)
    .map((w) => ORDINALS[w] ?? w.replace(/teenth$/, "teen"));
}

/** How many of `a`'s words `b` holds in the same order (longest common subsequence). */
export const inOrder = (a: string[], b: string[]): number => alignment(a, b).filter((i) => i >= 0).length;

/**
 * Where each of `b`'s words stands in `a` by their longest common subsequence: its index in `a`, or -1 for a word heard
 * that is not the statement's (an inserted word).
 */
export function alignment(a: string[], b: string[]): number[] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
  const at = new Array<number>(b.length).fill(-1);
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    if (a[i - 1] === b[j - 1]) {
      at[j - 1] = i - 1;
      i--;
      j--;
    } else if (table[i - 1]![j]! >= table[i]![j - 1]!) i--;
    else j--;
  }
  return at;
}

/**
 * Words that refuse, negate or take back what is read (SECURITY.md 50). None of them is in the statement except
 * "never" ("things I never said"), which counts only where it is heard outside the statement's words.
 * - Strong words (refuse, disagree, revoke, forced…) count wherever they are heard.
 * - Weak ones (not, no, never, a word with "n't", cannot) count unless they stand where the statement has a word that
 *   sounds like them: a recogniser hears "now and after" as "no after" and "can say" as "can't say" (measured,
 *   decision 0050), while a reader who refuses adds the word ("I do not agree", "I am not Rosa", "may never make").
 */
const STRONG_REFUSALS = new Set([
  "refuse", "refused", "refusing", "refuses", "disagree", "disagreed", "decline", "declined", "object", "objected", "reject", "rejected",
  "revoke", "revoked", "deny", "denied", "forbid", "forbidden", "forced", "coerced", "unwilling", "joking", "kidding", "withdrawn",
]);
const WEAK_REFUSALS = new Set(["not", "no", "nope", "never", "nor", "neither", "cannot", "cant", "dont", "wont"]);
/** A negation this alike (1 − letter edits ÷ the longer length) to a statement word it stands in place of is a mishearing of it. */
const MISHEARD_LIKENESS = 0.6;
/** Said inside a name as Whisper spells it ("Nowak" heard as "no act"): not a refusal among the name's words. */
const NAME_SYLLABLES = new Set(["no", "nor"]);
/** Two-word turns that take a statement back: "take that back", "against my will". */
const REFUSAL_PAIRS = [["take", "back"], ["against", "will"], ["changed", "mind"], ["scratch", "that"]] as const;

/**
 * The first refusal among the words heard outside the statement, quoted with the inserted words around it; null when
 * none. A two-word turn counts when both of its words are inserted within four words of each other. `nameWords`: how
 * many of the first words heard may be the name, where a name's syllables are not refusals.
 */
export function contradictionIn(statement: string[], heard: string[], nameWords = 0): string | null {
  const at = alignment(statement, heard);
  const inserted = at.map((i) => i < 0);
  /** The statement's words between the aligned words around heard word j: what an inserted word stands in place of. */
  const replaced = (j: number) => {
    const before = Math.max(-1, ...at.slice(0, j).filter((i) => i >= 0));
    const after = at.slice(j + 1).find((i) => i >= 0) ?? statement.length;
    return statement.slice(before + 1, after);
  };
  /** A statement word in the gap heard word j stands in that sounds like it: letters MISHEARD_LIKENESS alike, or one begins the other. */
  const soundsLikeReplaced = (word: string, j: number) => {
    const bare = word.replace(/'/g, "");
    return replaced(j).some((w) => w.startsWith(bare) || bare.startsWith(w) || likeness(bare, w) >= MISHEARD_LIKENESS);
  };
  const isRefusal = (word: string, j: number) => {
    if (j < nameWords && NAME_SYLLABLES.has(word)) return false;
    if (STRONG_REFUSALS.has(word)) return true;
    if (!WEAK_REFUSALS.has(word) && !word.endsWith("n't")) return false;
    return !soundsLikeReplaced(word, j);
  };
  let first = heard.findIndex((word, j) => inserted[j] && isRefusal(word, j));
  if (first < 0) {
    for (const [one, two] of REFUSAL_PAIRS) {
      first = heard.findIndex((word, j) => inserted[j] && word === one && heard.slice(j + 1, j + 5).some((w, k) => w === two && inserted[j + 1 + k]));
      if (first >= 0) break;
    }
  }
  if (first < 0) return null;
  // The inserted words around it (gaps of one statement word bridged), and one heard word either side.
  let start = first;
  let end = first;
  while (start > 0 && (inserted[start - 1] || (start > 1 && inserted[start - 2]))) start -= inserted[start - 1] ? 1 : 2;
  while (end < heard.length - 1 && (inserted[end + 1] || (end < heard.length - 2 && inserted[end + 2]))) end += inserted[end + 1] ? 1 : 2;
  return heard.slice(Math.max(0, start - 1), end + 2).join(" ");
}

function letterDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

const MONTHS = "january february march april may june july august september october november december".split(" ");
const DAY_NUMBERS = Array.from({ length: 31 }, (_, i) => comparableWords(String(i + 1)).join(""));
const letters = (words: string[]) => words.join("").replace(/[^a-z]/g, "");

/** The best likeness (1 − letter edits ÷ the longer length) of `target` to the letters of a run of up to `most` words. */
function bestLikeness(target: string, words: string[], most: number): number {
  let best = 0;
  for (let i = 0; i < words.length; i++)
    for (let k = 1; k <= most && i + k <= words.length; k++) {
      const run = letters(words.slice(i, i + k));
      best = Math.max(best, 1 - letterDistance(target, run) / Math.max(target.length, run.length, 1));
    }
  return best;
}

/** The likeness of two strings: 1 − edits ÷ the longer length. */
const likeness = (a: string, b: string) => 1 - letterDistance(a, b) / Math.max(a.length, b.length, 1);
/** A run of words' sounds: each word's primary and secondary Double Metaphone code, joined word by word. */
function soundsOf(words: string[]): string[] {
  let joined = [""];
  for (const word of words) {
    const codes = new Set(doubleMetaphone(word));
    joined = joined.flatMap((head) => [...codes].map((code) => head + code));
  }
  return joined;
}

/** Whether the name is among the first words heard: by its letters, or by its sound. */
function nameAmong(name: string, words: string[]): boolean {
  const nameWords = comparableWords(name);
  if (bestLikeness(letters(nameWords), words, 4) >= NAME_LIKENESS) return true;
  const target = soundsOf(nameWords);
  for (let i = 0; i < words.length; i++)
    for (let k = 1; k <= 4 && i + k <= words.length; k++)
      for (const heard of soundsOf(words.slice(i, i + k))) if (target.some((t) => likeness(t, heard) >= NAME_SOUND_LIKENESS)) return true;
  return false;
}

/** The rule above, on the words a transcriber heard in the recording. */
export function hearStatementInWords(parts: StatementParts, heardText: string): WordHearing {
  const heard = comparableWords(heardText);
  const date = statementDate(parts.day);
  const statement = comparableWords(voiceConsentStatement(parts.name, date, parts.scope));
  const wordsHeard = inOrder(statement, heard);
  const share = statement.length === 0 ? 0 : wordsHeard / statement.length;
  // A scope's sentence against another's: its statement's words that the other's statement does not hold in the same
  // place (the common beginning and end trimmed).
  const sentenceOf = (scope: (typeof voiceConsentScopes)[number], against: (typeof voiceConsentScopes)[number]) => {
    const words = comparableWords(voiceConsentStatement(parts.name, date, scope));
    const common = comparableWords(voiceConsentStatement(parts.name, date, against));
    let start = 0;
    while (start < words.length && words[start] === common[start]) start++;
    let end = 0;
    while (end < words.length - start && words[words.length - 1 - end] === common[common.length - 1 - end]) end++;
    return words.slice(start, words.length - end);
  };
  const shareOf = (sentence: string[]) => (sentence.length === 0 ? 0 : inOrder(sentence, heard) / sentence.length);
  const others = voiceConsentScopes.filter((s) => s !== parts.scope);
  const scopeShare = shareOf(sentenceOf(parts.scope, others[0]!));
  // Against each other scope, what only this scope says was heard better than what only that one says: a reading of
  // the wider audience's statement holds nearly all of a narrower one's words, but not the other way round.
  const scopeBest = others.every((other) => shareOf(sentenceOf(other, parts.scope)) < shareOf(sentenceOf(parts.scope, other)));
  const nameHeard = nameAmong(parts.name, heard.slice(0, NAME_WITHIN));
  const [dayNumber, month] = date.toLowerCase().split(" ");
  const day = letters(comparableWords(dayNumber!));
  // The words before the month, and after it unless they are the year ("November 28th" against "November 2026").
  const year = comparableWords(date.split(" ")[2]!);
  // The year as said either way: "twenty twenty-six" or "two thousand (and) twenty-six".
  const isYearAt = (i: number) => (heard[i] === year[0] && heard[i + 1] === year[1]) || (heard[i] === "two" && heard[i + 1] === "thousand");
  const near = (i: number) => [heard.slice(Math.max(0, i - 2), i), isYearAt(i + 1) ? [] : heard.slice(i + 1, i + 3)];
  const likenessTo = (number: string, i: number) => Math.max(...near(i).map((words) => bestLikeness(number, words, 2)));
  const monthAt = heard.findIndex((w) => w === month);
  // Where the day is said: after "today is" (or its month); another month there contradicts it.
  // ("today's" is "todays" once compared.)
  const todayAt = heard.findIndex((w, i) => w === "todays" || (w === "today" && (heard[i + 1] === "is" || heard[i + 1] === "s")));
  const saidMonths = heard.slice(todayAt < 0 ? 0 : todayAt, todayAt < 0 ? 0 : todayAt + 7).filter((w) => MONTHS.includes(w));
  const otherMonth = saidMonths.some((m) => m !== month);
  const ownLikeness = monthAt < 0 ? 0 : likenessTo(day, monthAt);
  const otherDayClearer = monthAt >= 0 && DAY_NUMBERS.some((other) => other !== day && likenessTo(other, monthAt) >= OTHER_DAY_LIKENESS && likenessTo(other, monthAt) > ownLikeness);
  const dayHeard = !otherMonth && !otherDayClearer;
  const contradiction = contradictionIn(statement, heard, NAME_WITHIN);
  return { accepted: contradiction === null && share >= STATEMENT_SHARE && scopeShare >= SCOPE_SHARE && scopeBest && nameHeard && dayHeard, contradiction, share, wordsHeard, words: statement.length, scopeShare, nameHeard, dayHeard };
}
