import { choose, type Decision, type Thresholds } from "./model";

/**
 * The decision of the fine-tuned reader (decision 0051; docs/formulas.md, "Twin decision"). The reader was trained with
 * one learned "nothing answers this" score beside each person's memories; its chance that a memory answers is the
 * logistic of a × (cosine − that score) + b, calibrated on development questions its folds never saw
 * (training/train_twin.py). The twin answers from the best memory when its cosine reaches the learned score, the boundary
 * the reader was trained to draw (its calibrated chance there is logistic(b)), and cites a second only when that one
 * reaches it too (a question about several moments) or it is nearly certain of it. The calibrated chance is what the
 * answer's grounding shows. (Answering only above one half, more likely right than not, was measured too: decision 0051.)
 */
const thresholdsOf = (reader: Reader): Thresholds => {
  const atBoundary = 1 / (1 + Math.exp(-reader.calibration.b));
  return { answerAt: atBoundary, severalAt: atBoundary, bothAt: 0.95 };
};

/** What the reader's manifest says about deciding (providers/embeddings, `Embedder.reader`), as this pure module reads it. */
interface Reader {
  nothingScore: number;
  calibration: { a: number; b: number };
  wordsAlone?: boolean;
}

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
