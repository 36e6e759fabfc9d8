import type { TermGroup } from "../query-terms";
import { checkSupport, readMaterial, type QuestionReading } from "../support";
import { namesPerson, saysWhere } from "./answer-type";

/** One piece of material that might answer a question, with what retrieval measured about it. */
export interface Candidate<T> {
  item: T;
  kind: "memory" | "calibration";
  /** Best cosine of the question to any of the item's vectors (whole text, each sentence); null while it has none. */
  meaning: number | null;
  /** Which of the question's term groups the item contains (by stem). */
  matches: boolean[];
  /** The text the support check reads: a memory's content, tags and date; a calibration scenario with its answer. */
  text: string;
  emotion?: string;
  /** For a question about a time: whether the memory happened then ("in"), at another known time ("out"), or has no date. */
  when?: "in" | "out";
  /** Whether the material says when (a stored date, a year, an age, a season). */
  saysWhen: boolean;
}

/** What the question is, for the features that compare it with each candidate. */
export interface QuestionFacts {
  groups: TermGroup[];
  /** How many items the person has, and in how many of them each group occurs. */
  corpusSize: number;
  documentFrequency: number[];
  emotions: string[];
  wantsAdvice: boolean;
  /** The question's groups that name a time, when it asks about one (time-reference.ts). */
  timeGroups?: boolean[];
  /** The question read for the support check (key terms, answer types left open, kin words from the asker's side). */
  reading: QuestionReading;
  /** Who the person's kin words name in their own material ("my husband Minh"). */
  kinNames: Map<string, Set<string>>;
  /** "When …", "what year …", "how old …". */
  asksWhen: boolean;
  /** "Where …", "what town …"; "Who …", "what was her name". */
  asksWhere: boolean;
  asksWho: boolean;
}

/**
 * The features the fitted model reads, in this order (docs/formulas.md, "Twin decision"). Changing the list means
 * fitting again: `npm run fit:twin` writes the weights beside it, named by these keys, and the model refuses weights
 * whose names differ.
 */
export const FEATURE_NAMES = [
  "meaning",
  "meaningBehindBest",
  "words",
  "strongWord",
  "supportShare",
  "decisiveContradiction",
  "missingName",
  "timeIn",
  "timeOut",
  "kindMismatch",
  "emotionMatch",
  "whenFits",
  "whenMissing",
  "whereFits",
  "whereMissing",
  "whoFits",
  "whoMissing",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

export interface Pooled<T> {
  candidate: Candidate<T>;
  features: number[];
  /** Topic share (idf-weighted term groups) the item contains, 0..1, and which question words it matched. */
  words: number;
  matched: string[];
  decisiveContradiction: boolean;
  /** The question's term the material contradicts, with the material's word ("cat", "dog") and what kind of word it is. */
  contradiction: { asked: string; told: string; rank: "noun" | "number" | "other" } | null;
  /** The question asks about nothing but a time ("What happened in 1998?") and this memory happened then. */
  answersTimeOnly: boolean;
}

// How many candidates the model weighs: the closest in meaning, the best by shared words and those from the time asked
// about. On the development set the expected memory is in this pool for 450 of 515 answerable questions (470 with 10,
// 5 and 3), and a pool of ten or fewer keeps the support check within the first token's budget.
const BY_MEANING = 6;
const BY_WORDS = 2;
const BY_TIME = 2;
// A young vault counts as 20 items, so a word shared by its only two memories does not look as common as "the".
const MIN_CORPUS = 20;

/** Picks the pool the model weighs and computes every candidate's features. */
export function poolFeatures<T>(question: QuestionFacts, candidates: Candidate<T>[]): Pooled<T>[] {
  const { groups } = question;
  const n = Math.max(question.corpusSize, MIN_CORPUS);
  const idf = groups.map((_, i) => Math.log(1 + n / Math.max(question.documentFrequency[i] ?? 0, 1)));
  const mass = groups.map((g, i) => g.weight * (g.isName ? 2 : 1) * idf[i]!);
  const totalMass = mass.reduce((a, b) => a + b, 0) || 1;
  const wordsOf = (c: Candidate<T>) => c.matches.reduce((sum, hit, i) => sum + (hit ? mass[i]! : 0), 0) / totalMass;

  const byMeaning = [...candidates].sort((a, b) => (b.meaning ?? -1) - (a.meaning ?? -1));
  const byWords = candidates.filter((c) => wordsOf(c) > 0).sort((a, b) => wordsOf(b) - wordsOf(a));
  const byTime = candidates.filter((c) => c.when === "in");
  const pool = [...new Set([...byMeaning.slice(0, BY_MEANING), ...byWords.slice(0, BY_WORDS), ...byTime.slice(0, BY_TIME)])];
  // Only the distance to the best is compared within the pool: a rank or a margin means something else in a vault of
  // three memories than in one of three thousand.
  const best = Math.max(0, ...pool.map((c) => c.meaning ?? 0));

  const timed = question.timeGroups !== undefined;
  const onlyTime = timed && groups.every((g, i) => question.timeGroups![i] || g.weight < 1);
  return pool.map((c) => {
    const meaning = c.meaning ?? 0;
    const words = wordsOf(c);
    const material = readMaterial(c.text);
    const support = checkSupport(question.reading, material, question.kinNames);
    const place = question.asksWhere && saysWhere(material.words);
    const person = question.asksWho && namesPerson(material.words);
    const kindMismatch = question.wantsAdvice ? c.kind === "memory" : c.kind === "calibration";
    const values: Record<FeatureName, number> = {
      meaning,
      meaningBehindBest: best - meaning,
      words,
      strongWord: c.matches.some((hit, i) => hit && groups[i]!.weight === 1) ? 1 : 0,
      supportShare: support.share,
      decisiveContradiction: support.decisiveContradiction ? 1 : 0,
      missingName: support.missingNames.length > 0 ? 1 : 0,
      timeIn: timed && c.when === "in" ? 1 : 0,
      timeOut: timed && c.when === "out" ? 1 : 0,
      kindMismatch: kindMismatch ? 1 : 0,
      emotionMatch: c.emotion && question.emotions.includes(c.emotion) ? 1 : 0,
      whenFits: question.asksWhen && c.saysWhen ? 1 : 0,
      whenMissing: question.asksWhen && !c.saysWhen ? 1 : 0,
      whereFits: place ? 1 : 0,
      whereMissing: question.asksWhere && !place ? 1 : 0,
      whoFits: person ? 1 : 0,
      whoMissing: question.asksWho && !person ? 1 : 0,
    };
    return {
      candidate: c,
      features: FEATURE_NAMES.map((name) => values[name]),
      words,
      matched: groups.filter((_, i) => c.matches[i]).map((g) => g.word),
      decisiveContradiction: support.decisiveContradiction,
      contradiction: support.decisiveContradiction ? decisivePair(question.reading.terms, support.contradicted) : null,
      answersTimeOnly: onlyTime && c.when === "in",
    };
  });
}

/** The contradicted pair that decides: a noun, name or number of the question before a verb or adjective. */
function decisivePair(terms: QuestionFacts["reading"]["terms"], contradicted: Array<[string, string]>): Pooled<unknown>["contradiction"] {
  const rankOf = (lemma: string) => terms.find((t) => t.lemma === lemma)?.rank;
  const pair = contradicted.find(([q]) => ["noun", "name", "number"].includes(rankOf(q) ?? "")) ?? contradicted[0];
  if (!pair) return null;
  const rank = rankOf(pair[0]);
  return { asked: pair[0], told: pair[1], rank: rank === "number" ? "number" : rank === "noun" || rank === "name" ? "noun" : "other" };
}
