import type { TraitLevel } from "../../../contract";
import { splitSentences } from "../../platform/text";
import { joinAsList } from "./text-tools";
import type { TwinContext, TwinSource } from "./twin-input";

type MemorySource = Extract<TwinSource, { kind: "memory" }>;
type CalibrationSource = Extract<TwinSource, { kind: "calibration" }>;

// Without a passage chosen by retrieval (an older context), the first two sentences tell the moment.
const passageOf = (source: MemorySource) => (source.passage && source.passage.length > 0 ? source.passage : splitSentences(source.text).slice(0, 2));

// A sentence's first word loses its capital when something is put before it, unless it is "I" or a name.
const OPENERS = /^(The|A|An|My|Our|We|When|In|On|At|After|Before|Every|It|That|This|There|He|She|They|His|Her|Their|Once|One|Back|Then|Later|Years|Most|Some|All)\b/;
const lowerFirst = (sentence: string) => (OPENERS.test(sentence) ? sentence.charAt(0).toLowerCase() + sentence.slice(1) : sentence);

// A second memory is joined as the person would join it in speech ("And we …").
function joined(sentences: string[]): string {
  const [first = "", ...rest] = sentences;
  return [`And ${lowerFirst(first)}`, ...rest].join(" ");
}

function fromCalibration(source: CalibrationSource, leading: boolean): string {
  const scenario = source.scenario.replace(/[.?!]+$/, "").replace(/^./, (c) => c.toLowerCase());
  return leading ? `${source.answer} That is what I said when I was asked about this: ${scenario}.` : `When I was asked about something like it (${scenario}), I said: ${source.answer}`;
}

/**
 * For a question about when: the time woven into the first sentence ("In June 1998, we drove…"), unless the sentences
 * already say the year. Other questions get no date: it is said where it was asked for, never appended to every answer.
 */
function withWhen(source: MemorySource, sentences: string[], asksWhen: boolean): string[] {
  if (!source.when || !asksWhen || sentences.length === 0) return sentences;
  const year = /\d{4}$/.exec(source.when)?.[0];
  if (year && sentences.some((s) => s.includes(year))) return sentences;
  const [first, ...rest] = sentences;
  return [`${/\d, \d{4}$/.test(source.when) ? "On" : "In"} ${source.when}, ${lowerFirst(first!)}`, ...rest];
}

// Words that carry a feeling: a "how did you feel" question is answered from the sentences that have them.
const FEELING_WORDS = /\b(?:felt|feel|feeling|happy|happiest|sad|saddest|proud|afraid|scared|frightened|terrified|cried|cry|tears|joy|love|loved|angry|furious|grief|grieved|lonely|relieved|ashamed|nervous|thrilled|heart|miss|missed|hope|hoped|fear|glad|shaking|laughed|numb|alive)\b/i;

function feelingSentences(source: MemorySource): string[] | null {
  const found = splitSentences(source.text).filter((s) => FEELING_WORDS.test(s));
  return found.length > 0 ? found.slice(0, 2) : null;
}

/** How a word was written in a text (so a name keeps its capital), else as given. */
function asWritten(word: string, text: string): string {
  const found = new RegExp(`\\b${word.replace(/_/g, " ").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\w*`, "i").exec(text);
  return found ? found[0] : word.replace(/_/g, " ");
}
const withArticle = (word: string) => (/^\p{Lu}/u.test(word) || /s$/.test(word) ? word : `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`);

/**
 * A near miss: nothing the person recorded answers the question, and the closest memory contradicts it (a collie, asked
 * about a cat). The twin says no, plainly, and what the person did tell, in their own words; that memory is related,
 * not a source.
 */
function nearMiss(context: TwinContext): string | null {
  const support = context.support;
  const first = support?.contradicted[0];
  if (!support || !first || support.related.length === 0) return null;
  const asked = withArticle(asWritten(first.asked, context.question));
  return `No, I never talked about ${asked}. ${support.related.join(" ")}`;
}

/** What the twin says when nothing the person recorded speaks to the question: no guess, and what to ask instead. */
export function abstention(topics: readonly string[]): string {
  const suggestion = topics.length > 0 ? ` I did record things about ${joinAsList(topics)}; ask me about those.` : " I haven't recorded any memories yet for you to ask about.";
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
 * the question (chosen by retrieval), a second memory joined to the first, and for advice the person's own answer to
 * the closest scenario, reasoning included, then how their measured conscientiousness goes about it. Without sources
 * it abstains.
 */
export function composeTwinAnswer(context: TwinContext): string {
  const memories = context.sources.filter((s): s is MemorySource => s.kind === "memory");
  const answers = context.sources.filter((s): s is CalibrationSource => s.kind === "calibration");
  if (memories.length === 0 && answers.length === 0) return nearMiss(context) ?? abstention(context.topics);
  const parts: string[] = [];
  const asks = context.support?.asks ?? "what";
  const adviceFirst = context.intent === "advice" && answers.length > 0;
  if (adviceFirst) parts.push(fromCalibration(answers[0]!, true));
  memories.forEach((memory, i) => {
    const sentences = (asks === "feeling" ? feelingSentences(memory) : null) ?? passageOf(memory);
    const told = withWhen(memory, sentences, asks === "when");
    parts.push(i === 0 && !adviceFirst ? told.join(" ") : joined(told));
  });
  // A yes/no question whose every key term the sources support is answered yes first.
  if (context.support?.yesNo && context.support.allSupported && !adviceFirst && parts.length > 0) parts[0] = `Yes — ${parts[0]}`;
  for (const answer of adviceFirst ? answers.slice(1) : answers) parts.push(fromCalibration(answer, false));
  const conscientiousness = context.profile.find((p) => p.domain === "C");
  if (adviceFirst && conscientiousness) parts.push(HOW_I_DECIDE[conscientiousness.level]);
  return parts.join("\n\n");
}
