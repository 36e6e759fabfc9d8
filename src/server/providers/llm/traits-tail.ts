// Models are asked to end with "Traits: a, b, c"; they may bold it, bullet it or put it in a code span.
const TAIL = /^[\s>*_`#-]*traits[\s*_`]*:[\s*_`]*(.+?)[\s*_`.]*$/im;
const TAIL_ALL = new RegExp(TAIL.source, "gim");

const MAX_TRAITS = 8;

/** Splits a reply into the summary and the trait labels of its last "Traits:" line (null when there is none). */
export function splitTraitsTail(text: string): { summary: string; traits: string[] | null } {
  const matches = [...text.matchAll(TAIL_ALL)];
  const last = matches.at(-1);
  if (!last || last.index === undefined) return { summary: text.trim(), traits: null };
  // Only a tail counts: a "Traits:" line followed by more prose is part of the reflection.
  const after = text.slice(last.index + last[0].length).trim();
  if (after.length > 0) return { summary: text.trim(), traits: null };
  const traits = [
    ...new Set(
      (last[1] ?? "")
        .split(/[,;|]/)
        .map((t) => t.replace(/[*_`"“”.]/g, "").trim().toLowerCase())
        .filter((t) => t.length >= 2 && t.length <= 40),
    ),
  ].slice(0, MAX_TRAITS);
  return { summary: text.slice(0, last.index).trim(), traits: traits.length > 0 ? traits : null };
}
