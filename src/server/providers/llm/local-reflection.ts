import { readAnswerStyle } from "./answer-style";
import { hashString } from "./hash";
import { aboutParagraph, closingParagraph, legacyParagraph } from "./reflection-about";
import type { ReflectionContext } from "./reflection-input";
import type { Paragraph } from "./reflection-sentences";
import { styleParagraphs } from "./reflection-style";
import { countWords } from "./text-tools";
import { deriveTraits } from "./traits";

const MAX_WORDS = 250;

const render = (paragraphs: Paragraph[]) =>
  paragraphs
    .filter((p) => p.length > 0)
    .map((p) => p.map((s) => s.text).join(" "))
    .join("\n\n");

// Drops optional sentences, last first, until the text fits; required ones carry the facts and always stay.
function fitToBudget(paragraphs: Paragraph[]): Paragraph[] {
  let current = paragraphs.map((p) => [...p]);
  while (countWords(render(current)) > MAX_WORDS) {
    const pIndex = current.findLastIndex((p) => p.some((s) => s.optional));
    if (pIndex < 0) break;
    const paragraph = current[pIndex] ?? [];
    const sIndex = paragraph.findLastIndex((s) => s.optional);
    current = current.map((p, i) => (i === pIndex ? p.filter((_, j) => j !== sIndex) : p));
  }
  return current;
}

/** Composes the local reflection: second person, only facts from the context, deterministic for the same context. */
export function composeLocalReflection(context: ReflectionContext): { summary: string; traits: string[] } {
  const style = readAnswerStyle(context.calibration);
  const seed = String(hashString(JSON.stringify({ ...context, today: undefined })));
  const paragraphs = fitToBudget([
    aboutParagraph(context, seed),
    legacyParagraph(context),
    ...styleParagraphs(style, seed),
    closingParagraph(context),
  ]);
  const traits = deriveTraits(
    context.intents.map((i) => i.value),
    context.legacyPreference?.value ?? null,
    style,
  );
  return { summary: render(paragraphs), traits };
}
