import type { AnswerStyle } from "./answer-style";
import { findMarkers, markerPosition, type StyleMarker } from "./style-markers";
import { countWords, excerptAround, splitSentences, trimToWords } from "./text-tools";

const MAX_QUOTE_WORDS = 16;

/** A short excerpt of the person's own words, with the scenario it answered. */
export interface Quote {
  statement: string;
  text: string;
}

interface Candidate {
  statement: string;
  passage: string;
  answerIndex: number;
  markers: StyleMarker[];
  score: number;
}

// Distinctive beats generic: a joke or a family member says more about a person than a hedge.
const weights: Record<StyleMarker, number> = {
  humour: 4, family: 3, certainty: 2, feeling: 2, principle: 2, hedge: 1, plural: 1, action: 1,
};

// Sentences of three words or fewer ("Could I? Sure.") are joined to the next, so a quote is never a bare fragment.
function passages(response: string): string[] {
  const result: string[] = [];
  let pending = "";
  for (const sentence of splitSentences(response)) {
    pending = pending ? `${pending} ${sentence}` : sentence;
    if (countWords(pending) > 3) [result[result.length], pending] = [pending, ""];
  }
  if (pending) {
    if (result.length > 0) result[result.length - 1] = `${result.at(-1)} ${pending}`;
    else result.push(pending);
  }
  return result;
}

function candidates(style: AnswerStyle): Candidate[] {
  return style.readings.flatMap((reading, answerIndex) =>
    passages(reading.answer.response).map((passage) => {
      const markers = (Object.keys(weights) as StyleMarker[]).filter((m) => findMarkers(passage, m).length > 0);
      const words = countWords(passage);
      const score =
        markers.reduce((sum, m) => sum + weights[m], 0) + (passage.includes("?") ? 1 : 0) + (words >= 5 && words <= 20 ? 1 : 0);
      return { statement: reading.answer.statement, passage, answerIndex, markers, score };
    }),
  );
}

/** What a reflection has already quoted, so no answer and no passage is quoted twice. */
export class UsedQuotes {
  private readonly answers = new Set<number>();
  private readonly passages = new Set<string>();
  has(c: Candidate): boolean {
    return this.answers.has(c.answerIndex) || this.passages.has(c.passage);
  }
  take(c: Candidate, text: string): Quote {
    this.answers.add(c.answerIndex);
    this.passages.add(c.passage);
    return { statement: c.statement, text };
  }
}

const bestFirst = (a: Candidate, b: Candidate) => b.score - a.score || a.answerIndex - b.answerIndex;

/** Quotes a passage carrying the marker (or a question for "question"), cut so the marker stays in view; null if none is left. */
export function takeQuote(style: AnswerStyle, want: StyleMarker | "question", used: UsedQuotes): Quote | null {
  const match = candidates(style)
    .filter((c) => !used.has(c) && (want === "question" ? c.passage.includes("?") : c.markers.includes(want)))
    .sort(bestFirst)[0];
  if (!match) return null;
  const focus = want === "question" ? match.passage.indexOf("?") : markerPosition(match.passage, want);
  return used.take(match, excerptAround(match.passage, MAX_QUOTE_WORDS, focus));
}

/** The most telling passage of each answer not yet quoted, best first, at most `max`. */
export function takeQuotes(style: AnswerStyle, max: number, used: UsedQuotes): Quote[] {
  const bestPerAnswer = new Map<number, Candidate>();
  for (const c of candidates(style)) {
    const current = bestPerAnswer.get(c.answerIndex);
    if (!used.has(c) && (!current || c.score > current.score)) bestPerAnswer.set(c.answerIndex, c);
  }
  const picked: Quote[] = [];
  for (const c of [...bestPerAnswer.values()].sort(bestFirst)) {
    if (picked.length < max && !used.has(c)) picked.push(used.take(c, trimToWords(c.passage, MAX_QUOTE_WORDS)));
  }
  return picked;
}

/** The scenario as the person wrote it, shortened for a sentence, without its closing full stop. */
export function shortStatement(statement: string): string {
  return trimToWords(statement, 12).replace(/[.]+$/, "");
}
