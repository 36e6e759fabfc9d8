import { readAsMeant } from "../../platform/text";
import type { Embedder } from "../../providers/embeddings";
import { CRISIS_EXEMPLARS, ORDINARY_EXEMPLARS } from "./crisis-exemplars";
import {
  ABOUT_SCOPE,
  COMPLEMENT_VERB,
  CRISIS_RULES,
  DISTANT_PAST,
  FIRST_PERSON,
  FIRST_PERSON_WORD,
  MEDIA_SCOPE,
  NEGATION,
  NOT_A_NEGATION,
  NOT_OWN_ENDING,
  ORDINARY_PHRASES,
  OTHER_PERSON,
  OWN_ENDING,
  PAST_SCOPE,
  RECOVERED,
  RECOVERED_SCOPE,
  RETURNED,
  SAFE_SCOPE,
  WISH_OR_INTENT,
} from "./crisis-patterns";
import { normaliseMessage, sentenceOf, splitSentences, withoutQuotedSpeech } from "./crisis-text";

/**
 * What the crisis check concluded about one message.
 * - `crisis`: the message speaks of suicidal ideation, self-harm or intent to join the dead; the twin must not answer in
 *   the person's voice.
 * - `signal`: what found it: a phrase rule ("pattern"), closeness in meaning to the crisis sentences ("meaning"), or
 *   null when nothing did.
 * - `score`: 1 for a rule; otherwise the message's best cosine similarity to a crisis sentence (0 without an encoder).
 * - `rule`: the id of the phrase rule that matched (for logs and the evaluation), or null.
 */
export interface CrisisVerdict {
  crisis: boolean;
  signal: "pattern" | "meaning" | null;
  score: number;
  rule: string | null;
}

export interface CrisisDetector {
  detect(text: string): Promise<CrisisVerdict>;
}

/**
 * Meaning thresholds, fitted on eval/dev/crisis-dev.json (docs/formulas.md, "Crisis check"): a message is flagged when
 * its closest crisis sentence reaches MEANING_SURE, or reaches MEANING_NEAR and is closer than the closest ordinary
 * sentence by MEANING_MARGIN.
 */
export const MEANING_SURE = 0.88;
export const MEANING_NEAR = 0.65;
export const MEANING_MARGIN = 0.1;
/** At most this many sentences of a long message are read one by one (besides the whole message). */
const MAX_SENTENCES = 6;

interface ExemplarVectors {
  crisis: Float32Array[];
  ordinary: Float32Array[];
}
// One set of exemplar vectors per encoder, computed on first use and kept for the life of the process.
const exemplarCache = new WeakMap<Embedder, Promise<ExemplarVectors>>();

function exemplarVectors(embedder: Embedder): Promise<ExemplarVectors> {
  let cached = exemplarCache.get(embedder);
  if (!cached) {
    cached = embedder.embed([...CRISIS_EXEMPLARS, ...ORDINARY_EXEMPLARS], "background").then((vectors) => ({
      crisis: vectors.slice(0, CRISIS_EXEMPLARS.length),
      ordinary: vectors.slice(CRISIS_EXEMPLARS.length),
    }));
    cached.catch(() => exemplarCache.delete(embedder)); // a failed start is tried again by the next message
    exemplarCache.set(embedder, cached);
  }
  return cached;
}

function bestDot(vector: Float32Array, others: Float32Array[]): number {
  let best = -1;
  for (const other of others) {
    let dot = 0;
    for (let i = 0; i < vector.length; i++) dot += vector[i]! * other[i]!;
    if (dot > best) best = dot;
  }
  return best;
}

// Each rule's pattern compiled once with the global flag, for matchAll (which copies it, so sharing is safe).
const GLOBAL_RULES = CRISIS_RULES.map((rule) => ({ ...rule, global: new RegExp(rule.pattern.source, rule.pattern.flags.replace("g", "") + "g") }));

const OTHER_PERSON_ALL = new RegExp(OTHER_PERSON.source, "g");

type RuleReading = { kind: "hit"; rule: string } | { kind: "cancelled" } | { kind: "ordinary" } | { kind: "none" };

/**
 * Reads a message with the phrase rules. A match counts unless its rule's ordinary context is present, a negation
 * stands just before it, or it sits in a distant past the writer says they came through.
 */
export function readWithRules(text: string): RuleReading {
  const normalised = withoutQuotedSpeech(normaliseMessage(text));
  let cancelled = false;
  for (const rule of GLOBAL_RULES) {
    for (const match of normalised.matchAll(rule.global)) {
      if (rule.unless?.test(normalised)) continue;
      const index = match.index;
      if ((rule.negatable && negated(normalised, index)) || outOfScope(normalised, index, match[0])) {
        cancelled = true;
        continue;
      }
      return { kind: "hit", rule: rule.id };
    }
  }
  let offset = 0;
  for (const sentence of normalised.split(/(?<=[.!?;])/)) {
    const ending = OWN_ENDING.exec(sentence);
    if (ending && WISH_OR_INTENT.test(sentence) && FIRST_PERSON.test(sentence) && !NOT_OWN_ENDING.test(sentence) && !ORDINARY_PHRASES.test(sentence)) {
      const index = offset + ending.index;
      if (negated(normalised, index) || outOfScope(normalised, index, ending[0])) cancelled = true;
      else return { kind: "hit", rule: "own-ending" };
    }
    offset += sentence.length;
  }
  if (cancelled) return { kind: "cancelled" };
  return ORDINARY_PHRASES.test(normalised) || inSafeScope(normalised) ? { kind: "ordinary" } : { kind: "none" };
}

/** The writer came through it: a past (or a recovery said in the same sentence) and words of recovery, not undone by "again". */
function recoveredPast(normalised: string, sentence: string): boolean {
  if (RETURNED.test(sentence)) return false;
  if (DISTANT_PAST.test(sentence) && RECOVERED.test(normalised)) return true;
  return RECOVERED_SCOPE.test(normalised) && (PAST_SCOPE.test(normalised) || RECOVERED_SCOPE.test(sentence));
}

/**
 * Whether a rule's match at `index` is outside the writer's own present: a past they came through, another person's
 * danger ("my son told me he's been cutting"), a book or a song, or a question about the words ("how do I talk to my
 * teenager about self-harm"). A match that itself names the writer ("kill myself", "without me") is theirs unless it
 * sits in a story, a past or a question.
 */
function outOfScope(normalised: string, index: number, matched: string): boolean {
  const sentence = sentenceOf(normalised, index);
  if (recoveredPast(normalised, sentence) || MEDIA_SCOPE.test(sentence)) return true;
  const start = normalised.lastIndexOf(sentence.trimEnd(), index);
  const before = normalised.slice(start >= 0 ? start : Math.max(0, index - 80), index);
  if (ABOUT_SCOPE.test(before)) return true;
  if (/\b(?:i|i'm|i'll|i've|i'd|me|my|myself)\b/.test(matched)) return false;
  // Only the clause the match is in: after "they don't know", "it was goodbye" has its own subject.
  let clauseStart = 0;
  for (const m of before.matchAll(COMPLEMENT_VERB)) clauseStart = m.index + m[0].length;
  const clause = before.slice(clauseStart);
  let lastOwn = -1;
  for (const m of clause.matchAll(FIRST_PERSON_WORD)) lastOwn = m.index;
  let lastOther = -1;
  for (const m of clause.matchAll(OTHER_PERSON_ALL)) lastOther = m.index;
  return lastOther > lastOwn;
}

/** A message that says the writer is safe, staying, leaving only for now, came through a past, or speaks of a story. */
function inSafeScope(normalised: string): boolean {
  return SAFE_SCOPE.test(normalised) || MEDIA_SCOPE.test(normalised) || ABOUT_SCOPE.test(normalised) || RECOVERED_SCOPE.test(normalised);
}

// Negation: one of the four words before the match, within its clause, is "not", "never", "n't"… ("I'm not going to
// hurt myself", "I would never kill myself"), and is not part of "can't stop", "don't care" and the like.
function negated(normalised: string, index: number): boolean {
  const before = normalised.slice(Math.max(0, index - 60), index);
  const clause = before.split(/[.!?;,]| but | though | except | because | so | and /).pop() ?? "";
  // An inverted or cleft denial names "I" after the negation: "never again will I…", "it's not that I want…".
  if (/\b(?:never again (?:will|would|do|am) i|not that i|no (?:intention|plans?|desire|wish) (?:of|to))\b/.test(clause)) return true;
  const words = clause.trim().split(/\s+/).slice(-5);
  // The negation must be the last verb's: "she doesn't know I've been cutting" denies her knowing, not the cutting.
  const last = words.findLastIndex((w) => NEGATION.test(w));
  if (last < 0 || words.slice(last + 1).some((w) => /^i(?:'m|'ve|'ll|'d)?$/.test(w))) return false;
  return !NOT_A_NEGATION.test(words.join(" "));
}

/**
 * The crisis check (issue 33): phrase rules first, then, when an encoder is given and no rule decided, the message's
 * closeness in meaning to the crisis sentences of crisis-exemplars.ts. Without an encoder the rules work alone.
 * A message whose only crisis words are denied ("I'm not going to hurt myself, don't worry") or told as a past the
 * writer came through is not flagged, and meaning is not asked to overrule that reading.
 * If the encoder fails, the rules' verdict stands (the check never stops a message with an error of its own).
 */
export function createCrisisDetector(deps: { embedder?: Embedder | null }): CrisisDetector {
  const embedder = deps.embedder ?? null;
  return {
    async detect(written) {
      // Read as it was meant: "k1ll mys3lf", "d-i-e" and zero-width spaces are the same words (SECURITY.md 47).
      const text = readAsMeant(written);
      const reading = readWithRules(text);
      if (reading.kind === "hit") return { crisis: true, signal: "pattern", score: 1, rule: reading.rule };
      if (reading.kind !== "none" || !embedder || text.trim() === "") return { crisis: false, signal: null, score: 0, rule: null };
      try {
        const exemplars = await exemplarVectors(embedder);
        const sentences = splitSentences(text);
        const texts = [text, ...(sentences.length > 1 ? sentences.slice(0, MAX_SENTENCES) : [])];
        const vectors = await embedder.embed(texts, "query");
        let score = -1;
        let crisis = false;
        for (const vector of vectors) {
          const near = bestDot(vector, exemplars.crisis);
          const ordinary = bestDot(vector, exemplars.ordinary);
          score = Math.max(score, near);
          if (near >= MEANING_SURE || (near >= MEANING_NEAR && near - ordinary >= MEANING_MARGIN)) crisis = true;
        }
        return { crisis, signal: crisis ? "meaning" : null, score, rule: null };
      } catch {
        return { crisis: false, signal: null, score: 0, rule: null };
      }
    },
  };
}
