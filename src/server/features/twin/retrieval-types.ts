import type { Reader, Release } from "../legacy";
import type { QuestionTerms } from "./query-terms";

/** What retrieval hands the turn: the material an answer may use, and why (features/twin, docs/formulas.md). */

export interface RetrievedMemory {
  kind: "memory";
  id: string;
  content: string;
  emotion: string;
  category: string;
  tags: string[];
  /** When it happened ("1998", "1998-06", "1998-06-14"), if its owner said. */
  happenedOn: string | null;
  createdAt: Date;
  score: number;
  /** Which question words it matched. */
  matched: string[];
  /** The memory's sentences that answer the question best (at most two, in their own order). */
  passage: string[];
  /** The question asked how the person felt and this memory says nothing of feeling. */
  feelingUnsaid: boolean;
}

export interface RetrievedAnswer {
  kind: "calibration";
  id: string;
  statement: string;
  response: string;
  score: number;
  matched: string[];
}

export type RetrievedItem = RetrievedMemory | RetrievedAnswer;

export interface Retrieval {
  terms: QuestionTerms;
  /** The material an answer may use, best first (at most three memories and three calibration answers). */
  items: RetrievedItem[];
  /** False when nothing the person recorded speaks to the question: the twin must say so. */
  confident: boolean;
  /** What the person has talked about most, for suggestions when the twin cannot answer. */
  topics: string[];
  /**
   * When the twin declines because the closest memory differs in the decisive detail ("a cat" asked, "our dog Biscuit"
   * told): the question's word, the memory's word and the memory's sentence that says it. It is never cited.
   */
  nearMiss: NearMiss | null;
  /**
   * The closest candidates the decision did not choose (at most two, best first, `score` their probability): a language
   * model is shown them as such and may cite one only if it plainly answers (docs/formulas.md).
   */
  runnersUp: RetrievedItem[];
  /** Every candidate the decision weighed, best first, with the reader's chance that it answers (for eval). */
  weighed: Array<{ kind: "memory" | "calibration"; id: string; p: number }>;
}

export interface NearMiss {
  /** The memory it comes from: never cited, but checked against the reader's database policy like a source. */
  id: string;
  asked: string;
  told: string;
  rank: "noun" | "number" | "other";
  sentence: string;
}

/**
 * Who the twin is answering, and where the owner's legacy stands: the reader rule (features/legacy) decides which
 * memories the twin may draw on for them. Every retrieval takes one; the owner's is the default.
 */
export interface TwinReader {
  reader: Reader;
  release: Release;
  now: Date;
}
