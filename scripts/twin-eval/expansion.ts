import { keyTerms, readWords, type KeyTerm } from "../../src/server/platform/lexicon/analyse";
import { KINDS_OF, SAME_THING } from "../../src/server/platform/lexicon/general-english";
import { wordNet, type SynsetKey } from "../../src/server/platform/lexicon/wordnet";

// Fitting only (decision 0027, designs 2 and 3): not used by the product, which measured no worthwhile gain from it.
/**
 * A text's words widened by what WordNet knows of them, so a question in other words can still meet a memory: each
 * lemma with its synonyms and derivations, the kinds it is (a few steps up) and, for places and parts, what it is part
 * of. Each widened word carries a weight below the text's own words.
 */
export interface Expansion {
  /** The text's own key lemmas. */
  own: Set<string>;
  /** Every lemma the text stands for, with its weight (1 for its own words). */
  weights: Map<string, number>;
}

export interface QuestionExpansion {
  terms: Array<{ lemma: string; weight: number; forms: string[]; wider: Map<string, number> }>;
}

const SENSES = 2;
const SYNONYM = 0.8;
const KIND_STEP = [0.55, 0.4];
const PART_STEP = [0.6, 0.45, 0.35];
const TERM_WEIGHT: Record<KeyTerm["rank"], number> = { noun: 1, name: 1, number: 0.8, verb: 0.6, adjective: 0.4 };

const sameThing = new Map<string, string[]>();
for (const group of SAME_THING) for (const word of group) sameThing.set(word, [...(sameThing.get(word) ?? []), ...group]);
const roleOf = new Map<string, string[]>();
for (const [role, kinds] of Object.entries(KINDS_OF)) for (const kind of kinds) roleOf.set(kind, [...(roleOf.get(kind) ?? []), role]);

const HYPERNYMS = new Set(["@", "@i"]);
const HOLONYMS = new Set(["#m", "#p", "#s"]);
const DERIVED = new Set(["+", "\\"]);

function sensesOf(term: KeyTerm, count = SENSES): SynsetKey[] {
  if (!term.pos) return [];
  const wn = wordNet();
  const direct = wn.senses(term.lemma, term.pos);
  const senses = direct.length > 0 ? direct : term.pos === "a" ? wn.senses(term.lemma, "n") : [];
  return senses.slice(0, count);
}

const put = (weights: Map<string, number>, lemma: string, weight: number) => {
  if ((weights.get(lemma) ?? 0) < weight) weights.set(lemma, weight);
};

/** The lemmas one synset stands for, and those derived from it (teach → teacher). */
function synsetWords(key: SynsetKey): string[] {
  const wn = wordNet();
  const synset = wn.synset(key);
  const words = [...synset.words];
  for (const p of synset.pointers) if (DERIVED.has(p.symbol)) words.push(...wn.synset(p.target).words);
  return words;
}

function climb(key: SynsetKey, symbols: Set<string>, steps: number[], weights: Map<string, number>) {
  const wn = wordNet();
  let frontier = [key];
  const seen = new Set(frontier);
  for (const weight of steps) {
    const next: SynsetKey[] = [];
    for (const at of frontier)
      for (const p of wn.synset(at).pointers)
        if (symbols.has(p.symbol) && !seen.has(p.target)) {
          seen.add(p.target);
          next.push(p.target);
          for (const w of wn.synset(p.target).words) put(weights, w, weight);
        }
    frontier = next;
  }
}

export function expandTerms(terms: KeyTerm[]): Expansion {
  const own = new Set<string>();
  const weights = new Map<string, number>();
  for (const term of terms) {
    own.add(term.lemma);
    put(weights, term.lemma, 1);
    for (const same of sameThing.get(term.lemma) ?? []) put(weights, same, SYNONYM);
    for (const role of roleOf.get(term.lemma) ?? []) put(weights, role, KIND_STEP[0]!);
    for (const key of sensesOf(term)) {
      for (const w of synsetWords(key)) put(weights, w, SYNONYM);
      climb(key, HYPERNYMS, KIND_STEP, weights);
      if (key.startsWith("n")) climb(key, HOLONYMS, PART_STEP, weights);
    }
  }
  for (const lemma of own) weights.set(lemma, 1);
  return { own, weights };
}

/** A memory's (or any material's) expansion. */
export const expandMaterial = (text: string): Expansion => expandTerms(keyTerms(readWords(text)));

/** A question's key terms, each with the forms that count as itself (its synonyms and derivations). */
export function expandQuestion(text: string, wide = false): QuestionExpansion {
  return {
    terms: keyTerms(readWords(text)).map((term) => {
      const forms = new Set([term.lemma, ...(sameThing.get(term.lemma) ?? [])]);
      for (const key of sensesOf(term)) for (const w of synsetWords(key)) forms.add(w);
      const wider = new Map<string, number>();
      if (wide) for (const key of sensesOf(term)) climb(key, HYPERNYMS, [0.5, 0.35], wider);
      return { lemma: term.lemma, weight: TERM_WEIGHT[term.rank], forms: [...forms], wider };
    }),
  };
}

/**
 * How much of the question a material's expansion covers, 0..1: each key term scores its best form's weight in the
 * material (a form that is not the term itself counts at most SYNONYM), weighted by the term's rank and rarity.
 * `own` is the same share counting the material's own words only.
 */
export function overlap(question: QuestionExpansion, material: Expansion, documentFrequency: (lemma: string) => number, corpusSize: number) {
  let total = 0;
  let score = 0;
  let own = 0;
  for (const term of question.terms) {
    const rarity = Math.log(1 + Math.max(corpusSize, 20) / Math.max(documentFrequency(term.lemma), 1));
    const mass = term.weight * rarity;
    total += mass;
    let best = 0;
    for (const form of term.forms) {
      const w = material.weights.get(form) ?? 0;
      best = Math.max(best, form === term.lemma ? w : Math.min(w, SYNONYM));
    }
    for (const [form, weight] of term.wider) best = Math.max(best, weight * Math.min(material.weights.get(form) ?? 0, KIND_STEP[0]!));
    score += mass * best;
    if (material.own.has(term.lemma)) own += mass;
  }
  return { score: total === 0 ? 0 : score / total, own: total === 0 ? 0 : own / total };
}

