import { KIN_VOCABULARY, kinOf } from "./people-kin";
import { foldAccents } from "../../platform/text";
import { keyTerms, readWords, type KeyTerm, type Word } from "../../platform/lexicon/analyse";
import { relations } from "../../platform/lexicon/relations";

/**
 * Whether a piece of the person's material supports what a question asks (docs/formulas.md, "Twin support"): each key
 * term of the question (nouns and names first, then main verbs and adjectives) is supported by a word of the material
 * that is the same thing or more specific (lasagna for pasta, Lisbon for Portugal), contradicted by a close alternative
 * (a dog for a cat, Brazil for Portugal) that nothing supports, or left open.
 */
export interface SupportCheck {
  /** Weighted share of the question's key terms the material supports, 0..1. */
  share: number;
  supported: string[];
  /** Question terms the material contradicts, with the material's word: [["cat", "dog"]]. */
  contradicted: Array<[question: string, material: string]>;
  /**
   * Whether a decisive term is contradicted and not supported: a noun or a name; a year when the material gives
   * another; a main verb or adjective when every noun and name of the question is supported (then it is the detail).
   */
  decisiveContradiction: boolean;
  /** Names the question gives that the material does not (nor any name its kin words stand for). */
  missingNames: string[];
}

export interface QuestionReading {
  terms: KeyTerm[];
  words: Word[];
  /**
   * Terms a mismatch of which does not contradict: the kind of thing a wh-question asks for ("what *stationery* did he
   * use": the memory's cigarette paper is the answer, not a contradiction), and kin words said from the asker's side
   * ("Dad", "Grandpa", unless they were resolved or said as "your …").
   */
  open: Set<string>;
}

/** Kin words: who they name depends on who is speaking (kinship.ts resolves them for a known asker). */
export const KIN_WORDS = new Set(
  "mom mum mommy mummy mama mother ma dad daddy papa pa father pop grandpa grandad granddad grandfather grandma granny gran nana nan grandmother husband wife son daughter brother sister aunt auntie uncle niece nephew cousin child kid parent spouse partner grandson granddaughter grandchild grandkid baby".split(" "),
);
const WH_DETERMINERS = new Set(["what", "which", "whose"]);

const WEIGHT: Record<KeyTerm["rank"], number> = { noun: 1, name: 1, number: 0.8, verb: 0.5, adjective: 0.3 };
// Words of address at the start or end of a question ("Mom, did you…", "…, Grandpa?") name the listener, not the topic.
const ADDRESS = /^\s*([\p{L}-]+(?:\s[\p{L}-]+)?)\s*,|,\s*([\p{L}-]+(?:\s[\p{L}-]+)?)\s*[?.!]*\s*$/u;

/** The question's key terms, without the words that address the person. */
export function readQuestionTerms(question: string): QuestionReading {
  const words = readWords(question);
  const address = new Set<string>();
  const match = ADDRESS.exec(question);
  for (const part of [match?.[1], match?.[2]]) if (part && part.split(/\s/).length <= 2) for (const w of readWords(part)) address.add(w.lemma);
  const terms = keyTerms(words).filter((t) => !(address.has(t.lemma) && words.filter((w) => w.lemma === t.lemma).length === 1));
  const open = new Set<string>();
  const asksWhat = /^\s*(?:[\p{L}-]+\s*,\s*)?(what|which|who|whom|how)\b/iu.test(question);
  words.forEach((w, i) => {
    // "what (old) stationery", "which (two) businesses", "how many children": the noun is what the answer names.
    if (WH_DETERMINERS.has(w.lemma) || (w.lemma === "how" && words[i + 1]?.lemma === "many")) {
      const after = words.slice(i + 1, i + 5).find((x) => x.tag === "NOUN" || x.tag === "PROPN");
      if (after && words.slice(i + 1, words.indexOf(after)).every((x) => ["ADJ", "DET", "NUM", "ADV"].includes(x.tag) || x.lemma === "many" || x.lemma === "kind" || x.lemma === "of")) open.add(after.lemma);
    }
    // "What did he use as stationery": in a wh-question, what something served "as" is the kind of answer asked for.
    if (w.lemma === "as" && asksWhat) {
      const after = words.slice(i + 1, i + 4).find((x) => x.tag === "NOUN");
      if (after) open.add(after.lemma);
    }
    if (KIN_WORDS.has(w.lemma) && !["your", "you", "yours"].includes(words[i - 1]?.lemma ?? "")) open.add(w.lemma);
  });
  return { terms, words, open };
}

/** A text's words as material: every noun, name, number, verb and adjective, with its part of speech. */
export interface MaterialWords {
  terms: KeyTerm[];
  /** Folded forms of every word, for names and numbers. */
  plain: Set<string>;
}

const materialCache = new Map<string, MaterialWords>();
const MATERIAL_CACHE = 5000;

/** Reads material once per distinct text (memories are asked about again and again). */
export function readMaterial(text: string): MaterialWords {
  const cached = materialCache.get(text);
  if (cached) return cached;
  const words = readWords(text);
  const terms = keyTerms(words);
  const plain = new Set(words.map((w) => foldAccents(w.text.toLowerCase())));
  for (const w of words) plain.add(w.lemma);
  const read = { terms, plain };
  if (materialCache.size >= MATERIAL_CACHE) materialCache.clear();
  materialCache.set(text, read);
  return read;
}

// The People list's one vocabulary (people-kin.ts), longest first so "grandmother" is read before "grand…" fails.
const ALIAS_KIN = [...KIN_VOCABULARY]
  .sort((a, b) => b.length - a.length)
  .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
  .join("|");
// "our neighbour Mrs Jones" names Jones: a title is not a name.
const NAME = "(?:(?:Mr|Mrs|Ms|Miss|Dr)\\.?\\s+)?(\\p{Lu}[\\p{L}'-]+)";
const KIN_THEN_NAME = new RegExp(`\\b(?:[Mm]y|[Oo]ur)\\s+(?:late\\s+|dear\\s+|beloved\\s+|little\\s+|big\\s+|older\\s+|younger\\s+|eldest\\s+|oldest\\s+|youngest\\s+|baby\\s+|first\\s+|second\\s+)*(${ALIAS_KIN}),?\\s+${NAME}`, "gu");
const NAME_THEN_KIN = new RegExp(`${NAME},\\s+my\\s+(?:late\\s+)?(${ALIAS_KIN})\\b`, "gu");

/**
 * Who the person's kin words name in their own material ("my husband Minh", "Ewa, my daughter"): a question about
 * "your husband" is then supported by a memory that only says "Minh". Kin (as `kinOf` reads it: "nana" is
 * grandmother) → folded names.
 */
export function readKinNames(texts: string[]): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const text of texts) {
    for (const { kin: word, name } of readNamedKin(text)) {
      const kin = kinOf(word);
      names.set(kin, new Set([...(names.get(kin) ?? []), foldAccents(name.toLowerCase())]));
    }
  }
  return names;
}

/** Each "my husband Minh", "our son Kofi", "Ewa, my daughter" of a text: the kin word (lowercased) and the name as written. */
export function readNamedKin(text: string): Array<{ kin: string; name: string }> {
  return [...[...text.matchAll(KIN_THEN_NAME)].map((m) => ({ kin: m[1]!.toLowerCase(), name: m[2]! })), ...[...text.matchAll(NAME_THEN_KIN)].map((m) => ({ kin: m[2]!.toLowerCase(), name: m[1]! }))];
}

/** Checks the question's terms against one piece of material (its text, tags and date joined). */
export function checkSupport(question: QuestionReading, material: MaterialWords, kinNames: Map<string, Set<string>> = new Map()): SupportCheck {
  const rel = relations();
  let total = 0;
  let held = 0;
  const supported: string[] = [];
  const contradicted: Array<[string, string]> = [];
  const missingNames: string[] = [];
  const materialYears = [...material.plain].filter((w) => /^(1[89]|20)\d\d$/.test(w));
  const minor: Array<[string, string]> = [];
  let decisive = false;
  for (const term of question.terms) {
    const weight = WEIGHT[term.rank];
    total += weight;
    let isSupported = false;
    let against: string | null = null;
    if (term.pos === null) {
      // Names and numbers match by their folded form ("Tomás" = "tomas"; "1962").
      isSupported = material.plain.has(term.lemma) || material.plain.has(foldAccents(term.text.toLowerCase()));
      // A year the material does not give, where it gives another: the flood was in 1996, not 1998.
      if (!isSupported && term.rank === "number" && /^(1[89]|20)\d\d$/.test(term.lemma) && materialYears.length > 0) against = materialYears[0]!;
      if (!isSupported && term.rank === "name") missingNames.push(term.lemma);
    } else if ([...(kinNames.get(kinOf(term.lemma)) ?? [])].some((name) => material.plain.has(name))) {
      // "your husband", and the memory names him: Minh.
      isSupported = true;
    } else {
      for (const m of material.terms) {
        if (m.pos === null || (m.pos !== term.pos && !(term.pos === "n" && m.pos === "a") && !(term.pos === "a" && m.pos === "n"))) continue;
        const relation = rel.relate({ lemma: term.lemma, pos: term.pos }, { lemma: m.lemma, pos: m.pos });
        if (relation === "equivalent" || relation === "specific") {
          isSupported = true;
          break;
        }
        if (relation === "alternative" && against === null) against = m.lemma;
      }
    }
    if (isSupported) {
      held += weight;
      supported.push(term.lemma);
    } else if (against !== null && !question.open.has(term.lemma)) {
      contradicted.push([term.lemma, against]);
      if (term.rank === "noun" || term.rank === "name" || term.rank === "number") decisive = true;
      else minor.push([term.lemma, against]);
    }
  }
  // Buying asked, selling told, and everything else the same: the verb is the detail that decides.
  const nounsHeld = question.terms.filter((t) => t.rank === "noun" || t.rank === "name").every((t) => supported.includes(t.lemma));
  if (!decisive && minor.length > 0 && nounsHeld) decisive = true;
  return { share: total === 0 ? 0 : held / total, supported, contradicted, decisiveContradiction: decisive, missingNames };
}
