import { readAsMeant } from "../../platform/text";
import type { CrisisReader } from "../../providers/embeddings";
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
 * What the crisis check concluded about one message (issue 42: tiers).
 * - `tier`: "support" (the support message replaces the twin's answer), "check-in" (the answer comes after a short line
 *   from Mindprint with the crisis services), or null.
 * - `crisis`: any help is offered (either tier).
 * - `signal`: what decided: the crisis reader ("meaning"), a phrase rule ("pattern": alone when the reader is down, or
 *   a rule kept as a floor beside it), or null when nothing did.
 * - `score`: the reader's probability for the most worrying reading (1 for a rule deciding alone, 0 without either).
 * - `rule`: the id of the phrase rule that matched (for logs and the evaluation), or null.
 */
export interface CrisisVerdict {
  crisis: boolean;
  tier: CrisisTier | null;
  signal: "pattern" | "meaning" | null;
  score: number;
  rule: string | null;
  /** Help is offered only because of the conversation before the message (a check-in, never the support message). */
  byContext?: boolean;
}

export type CrisisTier = "support" | "check-in";

export interface CrisisDetector {
  /**
   * `context`: the writer's earlier messages in the same conversation, oldest first (the last three are read).
   * `contextMayRaise`: false when the conversation has already raised a check-in of its own (once per conversation).
   */
  detect(text: string, context?: readonly string[], options?: { contextMayRaise?: boolean }): Promise<CrisisVerdict>;
}

/** At most this many sentences of a long message are read one by one (besides the whole message). */
const MAX_SENTENCES = 6;
/** Earlier messages of the conversation read with the new one. */
const CONTEXT_MESSAGES = 3;

/**
 * Every text the check reads for one message, as the person meant it: the message, its sentences when it has several
 * (intent said last in a long, ordinary message), and the conversation's last few messages with it (intent that builds
 * across turns: "I visited your grave" … "I bought the pills today"). The fitting script reads them the same way.
 */
export function readingsOf(text: string, context: readonly string[] = [], bySentence = true, asMeant = true): string[] {
  const read = asMeant ? readAsMeant : (t: string) => t;
  const meant = read(text);
  const parts = bySentence ? splitSentences(meant) : [];
  const earlier = context.slice(-CONTEXT_MESSAGES);
  return [meant, ...(parts.length > 1 ? parts.slice(0, MAX_SENTENCES) : []), ...(earlier.length > 0 ? [read([...earlier, text].join(" \n"))] : [])];
}

// Each rule's pattern compiled once with the global flag, for matchAll (which copies it, so sharing is safe).
const GLOBAL_RULES = CRISIS_RULES.map((rule) => ({ ...rule, global: new RegExp(rule.pattern.source, rule.pattern.flags.replace("g", "") + "g") }));

const OTHER_PERSON_ALL = new RegExp(OTHER_PERSON.source, "g");

export type RuleReading = { kind: "hit"; rule: string } | { kind: "cancelled" } | { kind: "ordinary" } | { kind: "none" };

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

/** Which phrase rules still decide beside the reader (decision 0052, measured by `npm run eval:crisis -- --floor …`). */
export type RuleFloor = "none" | "other-language" | "all";

export interface CrisisDetectorDeps {
  /** The fine-tuned crisis reader; null or failing, the phrase rules decide alone (a match is the support message). */
  reader?: CrisisReader | null;
  /** Rules whose match gives at least a check-in beside the reader: "other-language" by default (decision 0052). */
  floor?: RuleFloor;
  /** Reads the message as typed, without readAsMeant (only to measure what that reading adds). */
  asTyped?: boolean;
}

/**
 * The crisis check (issues 33, 42 and 59): each reading of the message (readingsOf) goes to the crisis reader, and its
 * most worrying own reading decides the tier by the reader's two thresholds. The conversation read together may ask
 * for a check-in, never the support message, and only when the caller says it has not already done so (`mayRaise`:
 * once per conversation; later messages need their own signal). Without the reader (down, or not loaded) the phrase
 * rules decide alone, a match being the support message; the check never stops a message with an error of its own.
 */
export function createCrisisDetector(deps: CrisisDetectorDeps): CrisisDetector {
  const reader = deps.reader ?? null;
  const floor = deps.floor ?? "other-language";
  const floored = (r: RuleReading) => r.kind === "hit" && (floor === "all" || (floor === "other-language" && r.rule === "other-language"));
  return {
    async detect(written, context = [], options = {}) {
      // Read as it was meant: "k1ll mys3lf", "d-i-e" and zero-width spaces are the same words (SECURITY.md 47).
      const readings = readingsOf(written, context, true, !deps.asTyped).filter((t) => t.trim() !== "");
      if (readings.length === 0) return { crisis: false, tier: null, signal: null, score: 0, rule: null };
      const mayRaise = options.contextMayRaise ?? true;
      const ownCount = context.length > 0 ? readings.length - 1 : readings.length;
      // The rules are read when they decide: alone, or as the floor kept beside the reader.
      const rules = () => readings.map(readWithRules);
      const hitsOf = (read: RuleReading[]) => {
        const hitIn = (from: number, to: number) => read.slice(from, to).find((r): r is Extract<RuleReading, { kind: "hit" }> => r.kind === "hit");
        return { hit: hitIn(0, ownCount), hitTogether: mayRaise ? hitIn(ownCount, readings.length) : undefined };
      };
      const byRules = (): CrisisVerdict => {
        const { hit, hitTogether } = hitsOf(rules());
        return hit
          ? { crisis: true, tier: "support", signal: "pattern", score: 1, rule: hit.rule }
          : hitTogether
            ? { crisis: true, tier: "check-in", signal: "pattern", score: 1, rule: hitTogether.rule, byContext: true }
            : { crisis: false, tier: null, signal: null, score: 0, rule: null };
      };
      if (!reader) return byRules();
      try {
        const { hit, hitTogether } = floor === "none" ? { hit: undefined, hitTogether: undefined } : hitsOf(rules());
        const p = await reader.read(readings);
        const own = Math.max(...p.slice(0, ownCount));
        const together = ownCount < p.length ? p.at(-1)! : 0;
        const { checkIn, support } = reader.thresholds;
        const ruled = (hit && floored(hit) ? hit : undefined) ?? (hitTogether && floored(hitTogether) ? hitTogether : undefined);
        const ownTier: CrisisTier | null = own >= support ? "support" : own >= checkIn || (hit && floored(hit)) ? "check-in" : null;
        const tier = ownTier ?? ((mayRaise && together >= checkIn) || (hitTogether && floored(hitTogether)) ? "check-in" : null);
        const byMeaning = own >= checkIn || (ownTier === null && mayRaise && together >= checkIn);
        return { crisis: tier !== null, tier, signal: tier === null ? null : byMeaning ? "meaning" : "pattern", score: Math.max(own, together), rule: tier === null || byMeaning ? null : (ruled?.rule ?? null), byContext: tier !== null && ownTier === null };
      } catch {
        return byRules();
      }
    },
  };
}
