import type { TermGroup } from "../query-terms";
import { checkSupport, readMaterial, type QuestionReading } from "../support";

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
  /** For a question about a time: whether the memory happened then ("in"), at another known time ("out"), or has no date. */
  when?: "in" | "out";
}

/** What the question is, for what the pool measures of each candidate. */
export interface QuestionFacts {
  groups: TermGroup[];
  /** How many items the person has, and in how many of them each group occurs. */
  corpusSize: number;
  documentFrequency: number[];
  /** The question's groups that name a time, when it asks about one (time-reference.ts). */
  timeGroups?: boolean[];
  /** The question read for the support check (key terms, answer types left open, kin words from the asker's side). */
  reading: QuestionReading;
  /** Who the person's kin words name in their own material ("my husband Minh"). */
  kinNames: Map<string, Set<string>>;
}

export interface Pooled<T> {
  candidate: Candidate<T>;
  /** Topic share (idf-weighted term groups) the item contains, 0..1, and which question words it matched. */
  words: number;
  matched: string[];
  decisiveContradiction: boolean;
  /** The question's term the material contradicts, with the material's word ("cat", "dog") and what kind of word it is. */
  contradiction: { asked: string; told: string; rank: "noun" | "number" | "other" } | null;
  /** The question asks about nothing but a time ("What happened in 1998?") and this memory happened then. */
  answersTimeOnly: boolean;
}

// How many candidates the reader weighs: the closest in meaning, the best by shared words and those from the time asked
// about. On the development set the expected memory is in this pool for 450 of 515 answerable questions (470 with 10,
// 5 and 3), and a pool of ten or fewer keeps the support check within the first token's budget.
const BY_MEANING = 6;
const BY_WORDS = 2;
const BY_TIME = 2;
// A young vault counts as 20 items, so a word shared by its only two memories does not look as common as "the".
const MIN_CORPUS = 20;

/**
 * Picks the pool the reader weighs and measures each candidate's words against the question: their idf-weighted share,
 * a decisive contradiction (the near miss), and whether it answers a question that asks only for a time. (The 17
 * features of a decision fitted over the pool went with decision 0051: over the reader's cosine they cited worse.)
 */
export function poolOf<T>(question: QuestionFacts, candidates: Candidate<T>[]): Pooled<T>[] {
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
  const timed = question.timeGroups !== undefined;
  const onlyTime = timed && groups.every((g, i) => question.timeGroups![i] || g.weight < 1);
  return pool.map((c) => {
    const words = wordsOf(c);
    const support = checkSupport(question.reading, readMaterial(c.text), question.kinNames);
    return {
      candidate: c,
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
