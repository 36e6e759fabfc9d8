// Reading names, places and years out of the person's own sentences, without a language model: capitalised words
// that do not start a sentence are names; after "in", "at", "to", "from", "near" they are places.

const NOT_NAMES = new Set(
  ("I I'm I've I'd I'll Mr Mrs Ms Dr St Saint The A An And But Or So My Our We He She They It This That There Then When " +
    "January February March April May June July August September October November December " +
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday Christmas Easter Thanksgiving Halloween God").split(" "),
);
const PLACE_WORDS = new Set(["in", "at", "to", "from", "near", "of"]);

export interface NamedThing {
  name: string;
  kind: "person" | "place";
}

/** Capitalised first words of sentences: names only if the same word is a name elsewhere ("Tom taught me…"). */
export function sentenceStarts(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => (sentence.split(/\s+/)[0] ?? "").replace(/^[^A-Za-z]+|[^A-Za-z'’]+$/g, "").replace(/['’]s$/, ""))
    .filter((w) => /^[A-Z][a-z]/.test(w) && !NOT_NAMES.has(w));
}

/** Names and places in a text: runs of capitalised words not at a sentence start ("Lake Superior", "Frank"). */
export function namesIn(text: string): NamedThing[] {
  const found: NamedThing[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const words = sentence.split(/\s+/);
    for (let i = 1; i < words.length; i++) {
      const clean = (w: string) => w.replace(/^[^A-Za-z]+|[^A-Za-z'’]+$/g, "").replace(/['’]s$/, "");
      const first = clean(words[i] ?? "");
      if (!/^[A-Z][a-z]/.test(first) || NOT_NAMES.has(first)) continue;
      const run = [first];
      while (i + 1 < words.length && /^[A-Z][a-z]/.test(clean(words[i + 1] ?? "")) && !NOT_NAMES.has(clean(words[i + 1] ?? ""))) {
        run.push(clean(words[++i] ?? ""));
        if (/[,.;:!?]$/.test(words[i] ?? "")) break;
      }
      const before = (words[i - run.length] ?? "").toLowerCase().replace(/[^a-z]/g, "");
      found.push({ name: run.join(" "), kind: PLACE_WORDS.has(before) ? "place" : "person" });
    }
  }
  return found;
}

/** The years a text mentions (1900–2099). */
export const yearsIn = (text: string): number[] => [...text.matchAll(/\b(19|20)\d{2}\b/g)].map((m) => Number(m[0]));

/** What a person seems to value, and the words that show it in their own writing. */
export const VALUES: Array<{ value: string; stems: string[] }> = [
  { value: "family", stems: ["family", "mother", "father", "daughter", "son", "grandchild", "grandkid", "sister", "brother", "husband", "wife", "children", "kids", "mom", "dad"] },
  { value: "learning", stems: ["learn", "read", "school", "teach", "class", "study", "book", "library", "college", "universit"] },
  { value: "hard work", stems: ["work", "job", "shift", "career", "earn", "saved", "built", "business"] },
  { value: "faith", stems: ["faith", "church", "pray", "god", "sermon", "chapel"] },
  { value: "generosity", stems: ["gift", "give", "gave", "share", "help", "volunteer", "donat"] },
  { value: "honesty", stems: ["honest", "truth", "true", "lie", "police", "return", "fair"] },
  { value: "thrift", stems: ["cash", "save", "saving", "mend", "afford", "money", "expens"] },
  { value: "adventure", stems: ["trip", "travel", "canoe", "camp", "explor", "journey", "abroad", "flew"] },
  { value: "creativity", stems: ["paint", "quilt", "music", "song", "danc", "bake", "garden", "write", "draw", "craft"] },
  { value: "friendship", stems: ["friend", "neighbo", "letter"] },
  { value: "courage", stems: ["brave", "afraid", "fear", "dare", "risk", "quit"] },
];
