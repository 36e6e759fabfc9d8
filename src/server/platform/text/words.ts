import stemEnglish from "wink-porter2-stemmer";
import { POSTGRES_ENGLISH_STOPWORDS } from "./stopwords";

// Letters that Unicode does not decompose into a base letter and a mark, folded as PostgreSQL's unaccent.rules does.
const UNDECOMPOSABLE: Record<string, string> = { ø: "o", ß: "ss", æ: "ae", œ: "oe", ł: "l", đ: "d", ħ: "h", ı: "i", þ: "th", ð: "d" };

/**
 * Lower case without accents: "Tomás", "TOMÁS" and "tomas" are one word, as they are to the database's full-text
 * configuration (migration 0016 puts unaccent in front of the English stemmer).
 */
export function foldAccents(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[øßæœłđħıþð]/g, (c) => UNDECOMPOSABLE[c] ?? c)
    .replace(/[’‘]/g, "'");
}

const wordSegmenter = new Intl.Segmenter("en", { granularity: "word" });

/** The words of any text, as Unicode segments them (letters of every script, digits, inner apostrophes), in order. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const part of wordSegmenter.segment(text)) if (part.isWordLike) words.push(part.segment);
  return words;
}

/** The English stem PostgreSQL's english_stem dictionary gives (Snowball's Porter 2), of a folded word. */
export function stemWord(word: string): string {
  return stemEnglish(word.replace(/'s$/, "").replace(/'/g, ""));
}

export const isStopword = (foldedWord: string) => POSTGRES_ENGLISH_STOPWORDS.has(foldedWord.replace(/'s$/, ""));

/** A text's content words as folded stems, stop words removed, in order (repeats kept). */
export function contentStems(text: string): string[] {
  return splitWords(foldAccents(text))
    .filter((w) => !isStopword(w))
    .map(stemWord)
    .filter((s) => s.length > 0);
}
