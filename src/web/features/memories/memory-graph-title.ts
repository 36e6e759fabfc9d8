/** A node's title is at most this long: three short lines under its dot (the drawing's narrowest column). */
export const GRAPH_TITLE_MAX = 40;
/** A first clause shorter than this ("In 1962", "Oh") says too little to name a memory on its own. */
const MIN_WORDS = 3;
/** A full stop after one of these does not end a clause: "Dr. Silva", "St. Mary's". */
const ABBREVIATIONS = new Set(["mr", "mrs", "ms", "dr", "st", "mt", "jr", "sr", "prof", "rev", "fr", "ft", "no", "vs", "etc", "e.g", "i.e"]);
/** Where a clause ends: sentence and clause punctuation, dashes, brackets and " - " (not quotation marks: "“Never again,” she said"). */
const CLAUSE_END = /[,;:!?…—–()[\]]|\.(?=\s|$)|\s-\s/g;

/** The start of a text, cut at a word boundary with "…" when longer than `max` characters. */
export function shortText(content: string, max: number): string {
  const text = content.trim().replace(/\s+/g, " ");
  if (text.length <= max) return text;
  const space = text.lastIndexOf(" ", max);
  const cut = space > max / 3 ? text.slice(0, space) : text.slice(0, max - 1);
  return `${cut.replace(/[\s,;:.!?—–-]+$/, "")}…`;
}

const wordCount = (text: string) => (text ? text.split(" ").length : 0);

/** The indexes at which a clause of `text` ends, in order (a full stop after an abbreviation is none). */
function clauseEnds(text: string): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(CLAUSE_END)) {
    if (match[0] === ".") {
      const word = /([\p{L}'’.]+)$/u.exec(text.slice(0, match.index))?.[1]?.toLowerCase();
      if (word && (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word))) continue;
    }
    ends.push(match.index);
  }
  return ends;
}

/**
 * A memory's short title for the connection network: its first clause ("We swam at Lake Tahoe" from "We swam at Lake
 * Tahoe, the summer Ana turned ten"), cut on a word boundary when longer than `max`. A first clause of fewer than
 * three words ("In 1962, …") gives way to the memory's tags ("#Lisbon #family"), or, with no tags, runs on to the next
 * clause ends until it says enough. Tags keep the case they were typed in.
 */
export function graphTitle(content: string, tags: readonly string[], max = GRAPH_TITLE_MAX): string {
  const text = content.trim().replace(/\s+/g, " ");
  const tagged = tags.map((tag) => tag.trim().replace(/^#+/, "")).filter(Boolean);
  const clean = (clause: string) => clause.replace(/^[\s"“”'‘’([—–-]+|[\s"“”'‘’)\]—–,;:.!?…-]+$/g, "").trim();

  const ends = clauseEnds(text);
  const first = clean(text.slice(0, ends[0] ?? text.length));
  if (wordCount(first) >= MIN_WORDS) return shortText(first, max);
  if (tagged.length > 0) return shortText(tagged.map((tag) => `#${tag}`).join(" "), max);
  for (const end of ends.slice(1)) {
    const longer = clean(text.slice(0, end));
    if (wordCount(longer) >= MIN_WORDS) return shortText(longer, max);
  }
  return shortText(clean(text) || first, max);
}
