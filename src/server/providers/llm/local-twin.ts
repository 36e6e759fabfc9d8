import { splitSentences, joinAsList } from "./text-tools";
import type { TwinContext, TwinSource } from "./twin-input";

// A first line in the person's register, chosen by the memory's emotion; it adds feeling, never facts.
const OPENINGS: Record<string, string> = {
  Joy: "Oh, that one still makes me smile.",
  Love: "I hold that one close.",
  Pride: "I'm still proud of this one.",
  Excitement: "I still get a thrill thinking about it.",
  Reflection: "I've thought about that a good deal.",
  Sadness: "That one is still hard to talk about.",
  Anger: "That one still gets to me a little.",
  Fear: "I remember how frightened I was.",
  Surprise: "That one took me by surprise.",
  Nostalgia: "I think about that often.",
};
const MAX_SENTENCES = 3;

// Prefix match on the first five letters joins "propose" and "proposed", "teach" and "teaching".
const stemOf = (word: string) => word.toLowerCase().slice(0, 5);

/** The memory's sentences that carry the question's words, in their own order, with the best one always kept. */
function relevantSentences(text: string, matched: readonly string[]): string[] {
  const sentences = splitSentences(text);
  if (sentences.length <= MAX_SENTENCES) return sentences;
  const stems = matched.map(stemOf);
  const scores = sentences.map((s) => (s.toLowerCase().match(/[a-z0-9']+/g) ?? []).filter((w) => stems.includes(stemOf(w))).length);
  const best = scores.indexOf(Math.max(...scores));
  // The best sentence and the ones that follow it tell the moment; a story's first sentence sets the scene.
  const start = Math.max(0, Math.min(best, sentences.length - MAX_SENTENCES));
  return sentences.slice(start, start + MAX_SENTENCES);
}

function fromMemory(source: Extract<TwinSource, { kind: "memory" }>, opening: boolean): string {
  const body = relevantSentences(source.text, source.matched).join(" ");
  return opening ? `${OPENINGS[source.emotion] ?? ""} ${body}`.trim() : body;
}

function fromCalibration(source: Extract<TwinSource, { kind: "calibration" }>): string {
  return `I was asked something close to that once: ${source.scenario.replace(/[.?!]+$/, "")}. ${source.answer}`;
}

/** What the twin says when nothing the person recorded speaks to the question: no guess, and what to ask instead. */
export function abstention(topics: readonly string[]): string {
  const suggestion = topics.length > 0 ? ` I did record things about ${joinAsList(topics.map((t) => t.toLowerCase()))}; ask me about those.` : " I haven't recorded any memories yet for you to ask about.";
  return `I never talked about that, so I won't make something up.${suggestion}`;
}

/**
 * The local model's first-person answer, built only from the sources: the person's own sentences (the relevant part of
 * a memory, their answer to a similar scenario), with an opening line chosen by emotion. Without sources it abstains.
 */
export function composeTwinAnswer(context: TwinContext): string {
  const memories = context.sources.filter((s): s is Extract<TwinSource, { kind: "memory" }> => s.kind === "memory");
  const answers = context.sources.filter((s): s is Extract<TwinSource, { kind: "calibration" }> => s.kind === "calibration");
  if (memories.length === 0 && answers.length === 0) return abstention(context.topics);
  const parts: string[] = [];
  const adviceFirst = context.intent === "advice" && answers.length > 0;
  if (adviceFirst) parts.push(fromCalibration(answers[0]!));
  memories.forEach((memory, i) => {
    if (i === 0 && adviceFirst) parts.push(`It reminds me of something that happened. ${fromMemory(memory, false)}`);
    else if (i === 0) parts.push(fromMemory(memory, true));
    else parts.push(`And there's more: ${fromMemory(memory, false)}`);
  });
  if (!adviceFirst) for (const answer of answers) parts.push(fromCalibration(answer));
  return parts.join("\n\n");
}
