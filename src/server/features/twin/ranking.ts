import type { TermGroup } from "./query-terms";

/** One piece of material that might answer a question, with what was measured about it. */
export interface Candidate<T> {
  item: T;
  kind: "memory" | "calibration";
  /** Best cosine similarity of the question to any of the item's vectors; null while it has none yet. */
  meaning: number | null;
  /** Which of the question's term groups the item contains (by stem). */
  matches: boolean[];
  emotion?: string;
  /** For a question about a time: whether the memory happened then ("in"), at another known time ("out"), or has no date. */
  when?: "in" | "out";
}

export interface Ranked<T> {
  item: T;
  kind: "memory" | "calibration";
  score: number;
  meaning: number | null;
  /** Share of the question's topic (idf-weighted term groups) the item contains, 0..1. */
  words: number;
  matched: string[];
}

// The thresholds of docs/formulas.md ("Twin retrieval"), set on general grounds and checked on personas the team did
// not tune on. Meaning is a cosine of Universal Sentence Encoder vectors: unrelated texts sit near 0.1–0.2, a
// paraphrase of the same event near 0.4–0.6.
/** How much the shared words add to the meaning score. */
export const WORD_WEIGHT = 0.4;
/** Close enough in meaning to answer on its own. */
export const MEANING_ALONE = 0.44;
/** Close enough in meaning when it also shares a topic word (not a light or kinship word) with the question. */
export const MEANING_WITH_WORD = 0.34;
/** An item is used on its words alone (with or without a vector) when they cover this much of the topic. */
export const WORDS_ALONE = 0.55;
/** Other items are cited only when they score this close to the best one. */
export const CITE_RATIO = 0.85;
const MAX_PER_KIND = 3;
// A calibration answer is the person's judgement, a memory what happened: the question's phrasing (advice or
// recollection) takes this much off the kind it does not ask for.
const KIND_PRIOR = 0.08;
/** A memory dated within the time a question asks about gains this much; one dated at another time loses TIME_MISS. */
export const TIME_WEIGHT = 0.15;
const TIME_MISS = 0.1;
// A young vault counts as 20 items, so a word shared by its only two memories does not look as common as "the".
const MIN_CORPUS = 20;

export interface RankInput<T> {
  groups: TermGroup[];
  /** How many items the person has, and in how many of them each group occurs. */
  corpusSize: number;
  documentFrequency: number[];
  emotions: string[];
  wantsAdvice: boolean;
  candidates: Candidate<T>[];
  /** The question's groups that name a time ("1998", "nineties", "young"), when it asks about one (time-reference.ts). */
  timeGroups?: boolean[];
}

/** Scores every candidate, decides whether the best one truly answers, and picks what to cite. */
export function rankCandidates<T>(input: RankInput<T>): { ranked: Ranked<T>[]; cited: Ranked<T>[]; confident: boolean } {
  const { groups } = input;
  const n = Math.max(input.corpusSize, MIN_CORPUS);
  const idf = groups.map((_, i) => Math.log(1 + n / Math.max(input.documentFrequency[i] ?? 0, 1)));
  const mass = groups.map((g, i) => g.weight * (g.isName ? 2 : 1) * idf[i]!);
  const totalMass = mass.reduce((a, b) => a + b, 0) || 1;

  const timed = input.timeGroups !== undefined;
  // Nothing but a time is asked ("What happened in 1998?"): having happened then is the answer.
  const onlyTime = timed && groups.every((g, i) => input.timeGroups![i] || g.weight < 1);
  const ranked = input.candidates.map((c): Ranked<T> & { strongWord: boolean; when?: "in" | "out" } => {
    const words = c.matches.reduce((sum, hit, i) => sum + (hit ? mass[i]! : 0), 0) / totalMass;
    const strongWord = c.matches.some((hit, i) => hit && groups[i]!.weight === 1);
    const base = c.meaning ?? 0;
    const feeling = c.emotion && input.emotions.includes(c.emotion) ? 0.05 : 0;
    const prior = input.wantsAdvice ? (c.kind === "memory" ? -KIND_PRIOR : 0) : c.kind === "calibration" ? -KIND_PRIOR : 0;
    const time = !timed ? 0 : c.when === "in" ? TIME_WEIGHT : c.when === "out" ? -TIME_MISS : 0;
    return {
      item: c.item,
      kind: c.kind,
      meaning: c.meaning,
      words,
      matched: groups.filter((_, i) => c.matches[i]).map((g) => g.word),
      score: base + WORD_WEIGHT * words + feeling + prior + time + (c.meaning === null ? MEANING_WITH_WORD : 0),
      strongWord,
      when: c.when,
    };
  });
  ranked.sort((a, b) => b.score - a.score);

  // Words alone also suffice when they cover most of the topic: a name the encoder does not know ("tomas") still finds
  // the one memory that names it. Near is not enough: the item must be close in meaning on its own, or close and share a real topic word.
  // A memory from the time asked about answers a question about nothing else, or one it is also close to in meaning.
  const supports = (r: (typeof ranked)[number]) =>
    (timed && r.when === "in" && (onlyTime || (r.meaning !== null && r.meaning >= MEANING_WITH_WORD) || r.strongWord)) ||
    (r.words >= WORDS_ALONE && r.strongWord) ||
    (r.meaning !== null &&
      (r.meaning - (r.kind === "calibration" && !input.wantsAdvice ? KIND_PRIOR : 0) >= MEANING_ALONE || (r.meaning >= MEANING_WITH_WORD && r.strongWord)));
  const best = ranked.find(supports);
  const confident = best !== undefined;
  const cited: Ranked<T>[] = [];
  if (best && confident) {
    for (const r of ranked) {
      if (r.score < best.score * CITE_RATIO || !supports(r)) continue;
      if (cited.filter((c) => c.kind === r.kind).length >= MAX_PER_KIND) continue;
      cited.push(r);
    }
  }
  return { ranked: ranked.map(({ strongWord: _, when: _when, ...r }) => r), cited, confident };
}
