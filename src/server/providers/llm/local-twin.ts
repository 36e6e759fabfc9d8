import type { TraitLevel } from "../../../contract";
import { splitSentences } from "../../platform/text";
import { joinAsList } from "./text-tools";
import type { TwinContext, TwinSource } from "./twin-input";

type MemorySource = Extract<TwinSource, { kind: "memory" }>;
type CalibrationSource = Extract<TwinSource, { kind: "calibration" }>;

// Without a passage chosen by retrieval (an older context), the first two sentences tell the moment.
const passageOf = (source: MemorySource) => (source.passage && source.passage.length > 0 ? source.passage : splitSentences(source.text).slice(0, 2));

function fromCalibration(source: CalibrationSource, leading: boolean): string {
  const scenario = source.scenario.replace(/[.?!]+$/, "").replace(/^./, (c) => c.toLowerCase());
  return leading ? `${source.answer} That is what I said when I was asked about this: ${scenario}.` : `When I was asked about something like it (${scenario}), I said: ${source.answer}`;
}

// A passage that speaks of the present ("He's sixteen now") is not what happened on the memory's date.
const SPEAKS_OF_NOW = /\b(now|today|nowadays|these days|currently|this year|still)\b/i;

/**
 * "That was in 1998." after a memory whose date its owner gave, unless its own words already say the year or speak of
 * the present: the answer can say when without the twin inventing a date, or pinning one on a sentence about today.
 */
function whenSentence(source: MemorySource, sentences: string[]): string | null {
  if (!source.when) return null;
  const year = /\d{4}$/.exec(source.when)?.[0];
  if (year && sentences.some((s) => s.includes(year))) return null;
  if (sentences.some((s) => SPEAKS_OF_NOW.test(s))) return null;
  return `That was ${/\d, \d{4}$/.test(source.when) ? "on" : "in"} ${source.when}.`;
}

/** Before a memory's passage, when the question asked how the person felt and the memory does not say. */
export const FEELING_UNSAID = "I never wrote down how I felt about that, only what happened:";

/** How the seal is named, once in a conversation; a visitor's stored answers are searched for it. */
export const SEAL_LINE_START = "Some of what I left for you opens on";

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/**
 * "No, I never talked about a cat. We had Biscuit, our dog.": the decisive detail denied, then what the person did say,
 * in their own sentence. A year gets "Not in 1998."; a verb or adjective "Not quite.".
 */
function nearMissLine(nearMiss: NonNullable<TwinContext["nearMiss"]>): string {
  const asked = nearMiss.asked.replace(/_/g, " ");
  const opening = nearMiss.rank === "number" ? `Not in ${asked}.` : nearMiss.rank === "noun" ? `No, I never talked about ${article(asked)} ${asked}.` : "Not quite.";
  return `${opening} ${nearMiss.sentence}`;
}

/**
 * What the twin says when nothing the person recorded speaks to the question: no guess, and what to ask instead. When
 * the closest memory differs in the decisive detail, it says so with what the person did say. When some of what was
 * left to this reader is still sealed, "I never talked about that" may be false: it says it cannot answer from what it
 * has left them so far, and names the day the seal opens the first time only, the same whatever was asked, so the
 * answer reveals nothing of what the seal holds.
 */
export function abstention(context: Pick<TwinContext, "topics" | "sealedUntil" | "sealMentioned" | "nearMiss">): string {
  const { topics, sealedUntil, sealMentioned, nearMiss } = context;
  const suggestion = topics.length > 0 ? ` I did record things about ${joinAsList(topics)}; ask me about those.` : " I haven't recorded any memories yet for you to ask about.";
  const seal = sealedUntil ? ` ${SEAL_LINE_START} ${sealedUntil}.` : "";
  // With something still sealed for this reader, "I never talked about a cat" could be false: the seal's words instead.
  if (nearMiss && !sealedUntil && !sealMentioned) return nearMissLine(nearMiss);
  if (sealedUntil || sealMentioned) return `I can't answer that from what I've left you so far, and I won't make something up.${seal}${suggestion}`;
  return `I never talked about that, so I won't make something up.${suggestion}`;
}

/**
 * How a person of this measured conscientiousness tends to go about a decision, said after their own answer to an
 * advice question and attributed to their questionnaire: the measured profile shapes the advice, and the twin says
 * where that comes from instead of claiming a habit nobody recorded.
 */
const HOW_I_DECIDE: Record<TraitLevel, string> = {
  high: "My personality questionnaire says I am a planner, so I would think it through and make a plan before acting on it.",
  average: "My personality questionnaire says I plan about as much as most people: the parts that matter most, leaving the rest open.",
  low: "My personality questionnaire says I am not much of a planner, so I would decide as I went and stay ready to change course.",
};

/**
 * The local model's first-person answer, built from the sources (and, for advice, the measured profile, said as such): the sentences of each cited memory that answer
 * the question (chosen by retrieval), a second memory as a paragraph of its own, and for advice the person's own answer to
 * the closest scenario, reasoning included, then how their measured conscientiousness goes about it. Without sources
 * it abstains.
 */
export function composeTwinAnswer(context: TwinContext): string {
  // The local model is given only what the decision chose; a source marked unchosen is never its to use.
  const chosen = context.sources.filter((s) => s.chosen);
  const memories = chosen.filter((s): s is MemorySource => s.kind === "memory");
  const answers = chosen.filter((s): s is CalibrationSource => s.kind === "calibration");
  if (memories.length === 0 && answers.length === 0) return abstention(context);
  const parts: string[] = [];
  const adviceFirst = context.intent === "advice" && answers.length > 0;
  if (adviceFirst) parts.push(fromCalibration(answers[0]!, true));
  memories.forEach((memory, i) => {
    const sentences = passageOf(memory);
    const when = whenSentence(memory, sentences);
    const told = when ? [...sentences, when] : sentences;
    const first = i === 0 && !adviceFirst;
    // Asked how it felt, of a memory that says only what happened: said plainly, never a feeling lent to it. A second
    // memory is a paragraph of its own, in its own words: no "And …" stitched onto a sentence that opens otherwise.
    if (first && memory.feelingUnsaid) parts.push(`${FEELING_UNSAID} ${told.join(" ")}`);
    else parts.push(told.join(" "));
  });
  for (const answer of adviceFirst ? answers.slice(1) : answers) parts.push(fromCalibration(answer, false));
  const conscientiousness = context.profile.find((p) => p.domain === "C");
  if (adviceFirst && conscientiousness) parts.push(HOW_I_DECIDE[conscientiousness.level]);
  return parts.join("\n\n");
}
