import { z } from "zod";
import { bigFiveDomains, traitLevelValues } from "../../../contract";

/**
 * What Mindprint's decision made of a source: `chosen` when it judged that it answers the question (absent in contexts
 * written before issue 41: chosen), and `chance`, the probability it gave (docs/formulas.md). A language model is also
 * shown the closest unchosen ones, and cites only what it used.
 */
const verdict = { chosen: z.boolean().default(true), chance: z.number().min(0).max(1).optional() };

/** One piece of the person's own material an answer may draw on, numbered for citation as [ref]. */
export const twinSourceSchema = z.discriminatedUnion("kind", [
  z.object({
    ref: z.number().int(),
    kind: z.literal("memory"),
    text: z.string(),
    emotion: z.string(),
    matched: z.array(z.string()),
    /** The sentences of the memory that answer the question, chosen by retrieval; the whole text stays for context. */
    passage: z.array(z.string()).optional(),
    /** When it happened, as its owner gave it: "1998", "June 1998" or "June 14, 1998". Absent when not given. */
    when: z.string().optional(),
    /** The question asks how they felt and this memory says nothing of feeling: say so, never lend it one. */
    feelingUnsaid: z.boolean().optional(),
    ...verdict,
  }),
  z.object({ ref: z.number().int(), kind: z.literal("calibration"), scenario: z.string(), answer: z.string(), matched: z.array(z.string()), ...verdict }),
]);
export type TwinSource = z.infer<typeof twinSourceSchema>;

/**
 * The JSON carried inside `<context type="twin">`: the question, the retrieved material and what the twin may
 * suggest when it has nothing to go on. An LLM reads it as data; the local model validates and composes from it.
 */
export const twinContextSchema = z.object({
  firstName: z.string().nullable(),
  question: z.string(),
  /** "recollection" asks what happened; "advice" asks what the person would do. */
  intent: z.enum(["recollection", "advice"]),
  sources: z.array(twinSourceSchema),
  traits: z.array(z.string()),
  /**
   * The person's measured Big Five profile (their latest questionnaire), for the owner's own twin only: how they tend
   * to decide, never something to quote. Absent from contexts written before Personality Mapping.
   */
  profile: z.array(z.object({ domain: z.enum(bigFiveDomains), label: z.string(), level: z.enum(traitLevelValues), percentile: z.number().int() })).default([]),
  /** Topics the person has recorded, for "ask me about…" when sources is empty. */
  topics: z.array(z.string()),
  /**
   * For someone other than the owner, when nothing answers: the day the first of the memories left to them that are
   * still sealed opens ("June 12, 2027"). The twin says that some of what was left is sealed until then, never what.
   */
  sealedUntil: z.string().optional(),
  /** Some of what was left to this reader is sealed and the twin already said so in this conversation: it declines without the date. */
  sealMentioned: z.boolean().optional(),
  /**
   * When nothing answers because the closest memory differs in the decisive detail: the question's word, the memory's
   * word and the memory's sentence that says it ("cat", "dog", "We had Biscuit, our dog."). Said, never cited.
   */
  nearMiss: z.object({ asked: z.string(), told: z.string(), rank: z.enum(["noun", "number", "other"]), sentence: z.string() }).optional(),
});
export type TwinContext = z.infer<typeof twinContextSchema>;
