import type { Embedder } from "../../providers/embeddings";
import { splitSentences } from "../../platform/text";
import { asFirstPerson } from "./query-terms";

/**
 * The texts the twin gives its encoder, one function each. The fine-tuned reader (`reads: "reader"`) is given exactly
 * what it was trained on, by these same functions (training/tokenize.ts): a reader is only as good as the match
 * between what it was taught on and what it is shown. MiniLM (`reads: "sentences"`) is given each memory whole and
 * sentence by sentence, its best sentence standing for the memory.
 */
type Reads = Pick<Embedder, "reads">;

/** bge's own instruction, on questions only. */
export const READER_QUESTION_INSTRUCTION = "Represent this sentence for searching relevant passages: ";

/**
 * A question as the reader is shown it: in the person's own voice, and, for a family member's, saying who asks in
 * the person's words ("my daughter asks"), because "Dad" means the person's husband only from the daughter's side.
 */
export const readerQuestion = (question: string, askedBy?: string | null): string =>
  `${READER_QUESTION_INSTRUCTION}${askedBy?.trim() ? `(my ${askedBy.trim().toLowerCase().replace(/^my\s+/, "")} asks) ` : ""}${asFirstPerson(question)}`;

/** A memory whole, its tags first. */
export const readerMemory = (content: string, tags: readonly string[]): string => (tags.length > 0 ? `${tags.join(", ")}. ${content}` : content);

/** A calibration answer: the scenario and what the person said they would do. */
export const readerCalibration = (statement: string, response: string): string => `${statement} ${response}`;

/** What a question is embedded as. */
export const questionText = (encoder: Reads, question: string, askedBy?: string | null): string =>
  encoder.reads === "reader" ? readerQuestion(question, askedBy) : asFirstPerson(question);

/** What a memory is embedded as: whole (the reader), or whole and then each sentence when there are several. */
export function memoryTexts(encoder: Reads, content: string, tags: readonly string[]): string[] {
  const whole = readerMemory(content, tags);
  if (encoder.reads === "reader") return [whole];
  const sentences = splitSentences(content);
  return sentences.length > 1 ? [whole, ...sentences] : [whole];
}

/** A calibration answer: the scenario with the person's answer, and for MiniLM the scenario alone (what advice questions resemble). */
export const calibrationTexts = (encoder: Reads, statement: string, response: string): string[] =>
  encoder.reads === "reader" ? [readerCalibration(statement, response)] : [readerCalibration(statement, response), statement];
