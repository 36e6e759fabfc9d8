import { contentStems, splitSentences, splitWords, stemWord } from "../../platform/text";
import { FEELING_WORDS } from "./lexicon";
import type { TermGroup } from "./query-terms";
import { bestDot, decodeVectors } from "./vector-codec";

// What of a memory is said: its sentences that answer the question (issue 41: the ones that carry a feeling, when the
// question asks how it felt), and which of the question's words it holds.

const PASSAGE_SENTENCES = 2;
const FEELING_STEMS = new Set([...FEELING_WORDS].map(stemWord));
const holdsFeeling = (sentence: string) => contentStems(sentence).some((s) => FEELING_STEMS.has(s)) || splitWords(sentence.toLowerCase()).some((w) => FEELING_WORDS.has(w));

/**
 * The sentences of a memory that answer the question: the one closest in meaning (its stored sentence vectors),
 * or sharing the most question words when there are no vectors, and the sentence after it, which usually tells
 * what came of it. A memory of one or two sentences is its own passage. A question of feeling ("How did you feel
 * when…") draws the closest sentence that carries a feeling, after the closest one if they differ; `feelingUnsaid`
 * when the memory carries none, so the reply can say so rather than lend it one.
 */
export function answeringSentences(content: string, question: Float32Array | null, bytes: Buffer | null, groups: TermGroup[], feeling: boolean): { passage: string[]; feelingUnsaid: boolean } {
  const sentences = splitSentences(content);
  const felt = feeling ? sentences.map(holdsFeeling) : [];
  const feelingUnsaid = feeling && !felt.some(Boolean);
  if (sentences.length <= PASSAGE_SENTENCES) return { passage: sentences, feelingUnsaid };
  const vectors = bytes ? decodeVectors(bytes) : null;
  const d = question?.length ?? 0;
  const scores = sentences.map((sentence, i) => {
    const words = matchesOf(groups, sentence).filter(Boolean).length;
    // Vector 0 is the whole text; sentence i is vector i + 1 (embedding-job.ts memoryTexts).
    const meaning = question && vectors && vectors.length >= (i + 2) * d ? bestDot(question, vectors.subarray((i + 1) * d, (i + 2) * d)) : 0;
    return meaning + 0.1 * words;
  });
  const best = scores.indexOf(Math.max(...scores));
  if (feeling && !feelingUnsaid && !felt[best]) {
    const closestFelt = scores.reduce((at, score, i) => (felt[i] && (at < 0 || score > scores[at]!) ? i : at), -1);
    return { passage: [Math.min(best, closestFelt), Math.max(best, closestFelt)].map((i) => sentences[i]!), feelingUnsaid };
  }
  const start = Math.min(best, sentences.length - PASSAGE_SENTENCES);
  return { passage: sentences.slice(start, start + PASSAGE_SENTENCES), feelingUnsaid };
}

// A memory's stems do not change with the question: the last few thousand texts read are kept.
const STEMS_KEPT = 4000;
const stemsRead = new Map<string, Set<string>>();
function stemsOf(text: string): Set<string> {
  let stems = stemsRead.get(text);
  if (!stems) {
    stems = new Set(contentStems(text));
    stemsRead.set(text, stems);
    if (stemsRead.size > STEMS_KEPT) stemsRead.delete(stemsRead.keys().next().value!);
  }
  return stems;
}

export const matchesOf = (groups: TermGroup[], text: string) => {
  const stems = stemsOf(text);
  return groups.map((g) => g.stems.some((s) => stems.has(s)));
};

