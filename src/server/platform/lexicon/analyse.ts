import winkNLP, { type ItemToken, type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";
import { foldAccents } from "../text";
import { PHRASES } from "./general-english";
import { wordNet, type Pos } from "./wordnet";

/** One word (or joined expression) of a text as the analyser reads it. */
export interface Word {
  /** As written ("Frank", "children"). */
  text: string;
  /** Lowercased lemma, accents folded; multiword expressions joined by "_" ("lay_off", "be_born"). */
  lemma: string;
  /** Universal POS tag from wink-nlp: NOUN, PROPN, VERB, AUX, ADJ, NUM, … */
  tag: string;
  /** Under a negation ("I never had a cat", "didn't marry"). */
  negated: boolean;
  /** Index of its sentence in the text. */
  sentence: number;
}

/** A word that says what the text is about, with the part of speech WordNet knows it by. */
export interface KeyTerm {
  text: string;
  lemma: string;
  pos: Pos | null;
  /** Nouns and names decide a question; main verbs and adjectives less (docs/formulas.md, "Twin support"). */
  rank: "noun" | "name" | "number" | "verb" | "adjective";
  negated: boolean;
  sentence: number;
}

// Verbs that carry no topic of their own ("did you have…", "were you…", "tell me about…").
const LIGHT_VERBS = new Set(
  "be have do get go make take give come say tell talk think know remember recall feel want like let keep put seem become happen use try need mean ever call".split(" "),
);
// Nouns and adjectives of the question's frame, never its topic.
const FRAME_WORDS = new Set("thing things something anything everything stuff time times way kind sort bit lot story stories memory memories moment part".split(" "));

let nlp: WinkMethods | null = null;
const reader = () => (nlp ??= winkNLP(model, ["sbd", "pos", "negation"]));

const PHRASE_LIST = PHRASES.map(([phrase, meaning]) => ({ lemmas: phrase.split(" "), meaning }));
const SKIPPABLE_IN_PHRASE = new Set(["my", "his", "her", "their", "our", "your", "a", "an", "the", "me", "him", "them", "us"]);

/** Words, lemmas, tags and negation of a text, with multiword expressions joined. */
export function readWords(text: string): Word[] {
  const doc = reader().readDoc(text.replace(/[’‘]/g, "'"));
  const its = reader().its;
  const words: Word[] = [];
  doc.sentences().each((sentence, index) => {
    sentence.tokens().each((token: ItemToken) => {
      // The model's typings do not list lemma among the token helpers it accepts, though it works: read through one door.
      const read = (helper: unknown) => (token.out as (helper: unknown) => unknown)(helper);
      const tag = String(read(its.pos));
      if (tag === "PUNCT" || tag === "SYM" || tag === "SPACE") return;
      words.push({ text: String(read(its.value)), lemma: foldAccents(String(read(its.lemma)).toLowerCase()), tag, negated: Boolean(read(its.negationFlag)), sentence: index });
    });
  });
  return joinExpressions(words);
}

/** Joins "lay off", "passed away", "Great-Grandpa"… into one word where WordNet or our phrase list knows them. */
function joinExpressions(words: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const phrase = matchPhrase(words, i);
    if (phrase) {
      out.push({ ...words[i]!, text: words.slice(i, i + phrase.length).map((w) => w.text).join(" "), lemma: phrase.meaning, tag: "VERB" });
      i += phrase.length - 1;
      continue;
    }
    let joined = false;
    for (const size of [3, 2]) {
      const span = words.slice(i, i + size);
      // Idioms with an article inside ("buy the farm", "kick the bucket") are joined only from our phrase list: said
      // of a life, they are far more often meant as they read.
      if (span.length < size || span.some((w) => w.sentence !== words[i]!.sentence || w.tag === "DET" || w.tag === "PRON" || w.tag === "PUNCT")) continue;
      const lemma = span.map((w) => w.lemma).join("_");
      const surface = span.map((w) => w.text.toLowerCase()).join("_");
      if (wordNet().knows(lemma) || wordNet().knows(surface)) {
        const last = span[span.length - 1]!;
        out.push({ text: span.map((w) => w.text).join(" "), lemma: wordNet().knows(lemma) ? lemma : surface, tag: last.tag === "PROPN" || span.some((w) => w.tag === "PROPN") ? "PROPN" : last.tag, negated: span.some((w) => w.negated), sentence: words[i]!.sentence });
        i += size - 1;
        joined = true;
        break;
      }
    }
    if (!joined) out.push(words[i]!);
  }
  return out;
}

/** A phrase of PHRASES starting at word i (possessives and articles between its words skipped): its length and meaning. */
function matchPhrase(words: Word[], i: number): { length: number; meaning: string } | null {
  for (const { lemmas, meaning } of PHRASE_LIST) {
    let at = i;
    let matched = 0;
    while (matched < lemmas.length && at < words.length) {
      const word = words[at]!;
      if (word.lemma === lemmas[matched]) {
        matched += 1;
        at += 1;
      } else if (matched > 0 && SKIPPABLE_IN_PHRASE.has(word.lemma) && !lemmas.includes(word.lemma)) at += 1;
      else break;
    }
    if (matched === lemmas.length) return { length: at - i, meaning };
  }
  return null;
}

const isNumber = (w: Word) => w.tag === "NUM" || /^\d/.test(w.text);

/** The words that say what a text is about, most decisive first: nouns and names, numbers, main verbs, adjectives. */
export function keyTerms(words: Word[]): KeyTerm[] {
  const terms: KeyTerm[] = [];
  const seen = new Set<string>();
  for (const w of words) {
    if (w.lemma.length < 2 || seen.has(w.lemma)) continue;
    let term: KeyTerm | null = null;
    if (isNumber(w)) term = { text: w.text, lemma: w.lemma, pos: null, rank: "number", negated: w.negated, sentence: w.sentence };
    else if (w.tag === "PROPN") {
      const known = wordNet().senses(w.lemma, "n").length > 0;
      term = { text: w.text, lemma: w.lemma, pos: known ? "n" : null, rank: known ? "noun" : "name", negated: w.negated, sentence: w.sentence };
    } else if (w.tag === "NOUN" && !FRAME_WORDS.has(w.lemma)) term = { text: w.text, lemma: w.lemma, pos: "n", rank: "noun", negated: w.negated, sentence: w.sentence };
    else if (w.tag === "VERB" && !LIGHT_VERBS.has(w.lemma)) term = { text: w.text, lemma: w.lemma, pos: "v", rank: "verb", negated: w.negated, sentence: w.sentence };
    else if (w.tag === "ADJ" && !FRAME_WORDS.has(w.lemma)) term = { text: w.text, lemma: w.lemma, pos: "a", rank: "adjective", negated: w.negated, sentence: w.sentence };
    if (term) {
      seen.add(w.lemma);
      terms.push(term);
    }
  }
  const order = { name: 0, noun: 0, number: 1, verb: 2, adjective: 3 };
  return terms.sort((a, b) => order[a.rank] - order[b.rank]);
}
