/**
 * The decision of the fine-tuned reader (decision 0051; docs/formulas.md, "Retrieval and the decision"). The reader was trained with
 * one learned "nothing answers this" score beside each person's memories; its chance that a memory answers is the
 * logistic of a × (cosine − that score) + b, calibrated on development questions its folds never saw
 * (training/train_twin.py). The twin answers from the best memory when its cosine reaches the learned score, the boundary
 * the reader was trained to draw (its calibrated chance there is logistic(b)), and cites a second only when that one
 * reaches it too (a question about several moments) or it is nearly certain of it. The calibrated chance is what the
 * answer's grounding shows. (Answering only above one half, more likely right than not, was measured too: decision 0051.)
 */
const MAX_CITED = 3;

/**
 * Whether a question asks about several moments ("every time", "both", "and", a plural of events, a sequence): only
 * then may more than one memory be cited on the several-threshold.
 */
export const spansSeveral = (question: string) =>
  /\b(every time|each time|all the times?|both|times when|ever since|over the years|first\b.*\bthen|and then|before and after)\b/i.test(question) ||
  /\b(trips|holidays|jobs|houses|homes|children|kids|pets|dogs|cats|friends|places|moves|weddings)\b/i.test(question) ||
  /\bwhat (?:happened|did you do) (?:\w+ ){0,3}and\b/i.test(question);

/** The best candidate is cited at `answerAt`; a second at `severalAt` when the question spans several, else at `bothAt`. */
export interface Thresholds {
  answerAt: number;
  severalAt: number;
  bothAt: number;
}

/**
 * What to cite from candidates ranked by probability, best first: nothing when the best is below `answerAt`; else the
 * best, and the next ones only while they reach `bothAt`, or `severalAt` when the question spans several (three at
 * most then, two otherwise).
 */
export function choose<P extends { p: number }>(question: string, ranked: readonly P[], thresholds: Thresholds): P[] {
  const best = ranked[0];
  // Written as "not at least", so a probability that is not a number (a broken feature) declines.
  if (!best || !(best.p >= thresholds.answerAt)) return [];
  const several = spansSeveral(question);
  const cited = [best];
  for (const next of ranked.slice(1)) {
    if (cited.length >= (several ? MAX_CITED : 2)) break;
    if ((several && next.p >= thresholds.severalAt) || next.p >= thresholds.bothAt) cited.push(next);
    else break;
  }
  return cited;
}

export interface Decision<P> {
  /** The pool, best first, with each candidate's probability. */
  ranked: Array<P & { p: number }>;
  cited: Array<P & { p: number }>;
  confident: boolean;
}

const thresholdsOf = (reader: Reader): Thresholds => {
  const atBoundary = 1 / (1 + Math.exp(-reader.calibration.b));
  return { answerAt: atBoundary, severalAt: atBoundary, bothAt: 0.95 };
};

/** What the reader's manifest says about deciding (providers/embeddings, `Embedder.reader`), as this pure module reads it. */
export interface Reader {
  nothingScore: number;
  calibration: { a: number; b: number };
  wordsAlone?: boolean;
}

/**
 * An encoder trained with no learned "nothing" (MiniLM, the benchmarks' baseline) is read as the model card reads the
 * base before training: its cosine against 0.55, at the training's temperature (0.05).
 */
export const UNTRAINED: Reader = { nothingScore: 0.55, calibration: { a: 20, b: 0 } };

export const readerProbability = (cosine: number, reader: Reader) => 1 / (1 + Math.exp(-(reader.calibration.a * (cosine - reader.nothingScore) + reader.calibration.b)));

/**
 * Where the reader is unsure, the words may still be sure: a memory that holds every one of the question's topic words
 * (two at least: "the flat above the bakery on Mill Street"), none of them contradicted, answers it. The reader was
 * trained on questions written to share no word with their memory, so what a full match of names and rare words is
 * worth is the one thing it cannot have learnt (decision 0051 measures this rule on its own).
 */
const WORDS_ALONE_MIN_TERMS = 2;
const holdsEveryWord = (entry: { words: number; matched: readonly string[]; decisiveContradiction: boolean }) =>
  entry.words >= 0.999 && entry.matched.length >= WORDS_ALONE_MIN_TERMS && !entry.decisiveContradiction;

type ReaderPooled = { candidate: { meaning: number | null }; answersTimeOnly?: boolean; words: number; matched: readonly string[]; decisiveContradiction: boolean };

/** `reader.wordsAlone: false` decides by the reader alone (to measure the words' rule: `npm run eval:twin -- --encoder reader-alone`). */
export function decideByReader<P extends ReaderPooled>(question: string, pool: readonly P[], reader: Reader): Decision<P> {
  const ranked = pool.map((entry) => ({ ...entry, p: entry.candidate.meaning === null ? 0 : readerProbability(entry.candidate.meaning, reader) })).sort((a, b) => b.p - a.p);
  // "What happened in 1998?" asks for nothing but a time: what happened then is the answer, whatever its words.
  const timeOnly = ranked.filter((r) => r.answersTimeOnly);
  let cited = timeOnly.length > 0 ? timeOnly.slice(0, 3) : choose(question, ranked, thresholdsOf(reader));
  if (cited.length === 0 && (reader.wordsAlone ?? true)) {
    const byWords = ranked.find(holdsEveryWord);
    if (byWords) cited = [byWords];
  }
  return { ranked, cited, confident: cited.length > 0 };
}
