import { foldAccents, isStopword, splitWords, stemWord } from "../../platform/text";
import { ADVICE_PATTERNS, EMOTION_WORDS, FEELING_QUESTION, FRAME, IRREGULAR, SYNONYMS, WEAK } from "./lexicon";

/** One topic word of a question: the word as asked, the forms searched for it, and how much it counts. */
export interface TermGroup {
  key: string;
  word: string;
  /** Folded words handed to PostgreSQL's full-text search (which stems them itself). */
  variants: string[];
  /** The same variants as stems, to match against a text's contentStems(). */
  stems: string[];
  /** 1 for a topic word, WEAK_WEIGHT for a word that only hints at one. */
  weight: number;
  /** A name the asker capitalised ("Biscuit", "Tomás"): the most specific thing a question can name, counted double. */
  isName: boolean;
}

export interface QuestionTerms {
  groups: TermGroup[];
  /** Memory emotions the question names ("proudest" → Pride). */
  emotions: string[];
  /** The question asks for judgement ("should I…", "what would you do…") rather than a past event. */
  wantsAdvice: boolean;
  /** The question asks how the person felt: the answer draws the memory's sentences that carry a feeling. */
  asksFeeling: boolean;
}

export const WEAK_WEIGHT = 0.35;
const irregularFormsOf = new Map<string, string[]>();
for (const [form, base] of Object.entries(IRREGULAR)) irregularFormsOf.set(base, [...(irregularFormsOf.get(base) ?? []), form]);
const synonymsOf = new Map<string, string[]>();
for (const group of SYNONYMS) for (const word of group) synonymsOf.set(word, [...new Set([...(synonymsOf.get(word) ?? []), ...group])]);

// to_tsquery takes plain words only: letters of any script and digits.
const isPlainWord = (w: string) => /^[\p{L}\p{N}]+$/u.test(w);

/** Splits a question into topic groups (stop and frame words removed, irregular forms and synonyms joined), emotions and intent. */
export function readQuestion(question: string): QuestionTerms {
  const original = splitWords(question.replace(/[’‘]/g, "'"));
  // Capitalised words after the first are names; the first word of a question is capitalised anyway.
  const names = new Set(original.slice(1).filter((w) => /^\p{Lu}\p{Ll}/u.test(w)).map((w) => foldAccents(w)));
  const groups: TermGroup[] = [];
  const emotions = new Set<string>();
  for (const raw of original) {
    const token = foldAccents(raw).replace(/'s$/, "");
    const emotion = EMOTION_WORDS[token];
    if (emotion) emotions.add(emotion);
    if (token.length < 2 || isStopword(token) || FRAME.has(token)) continue;
    const base = IRREGULAR[token] ?? token;
    const variants = [...new Set([token, base, ...(irregularFormsOf.get(base) ?? []), ...(synonymsOf.get(token) ?? []), ...(synonymsOf.get(base) ?? [])])]
      .map((v) => v.replace(/'/g, ""))
      .filter(isPlainWord);
    if (variants.length === 0) continue;
    const stems = [...new Set(variants.map(stemWord))];
    const weight = WEAK.has(token) || WEAK.has(base) ? WEAK_WEIGHT : 1;
    const existing = groups.find((g) => g.stems.some((s) => stems.includes(s)));
    if (existing) {
      existing.variants = [...new Set([...existing.variants, ...variants])];
      existing.stems = [...new Set([...existing.stems, ...stems])];
      existing.weight = Math.max(existing.weight, weight);
    } else {
      groups.push({ key: stems[0]!, word: token, variants, stems, weight, isName: weight === 1 && names.has(token) });
    }
  }
  const wantsAdvice = ADVICE_PATTERNS.some((p) => p.test(question));
  return { groups, emotions: [...emotions], wantsAdvice, asksFeeling: !wantsAdvice && (emotions.size > 0 || FEELING_QUESTION.test(question)) };
}

/** The group as a to_tsquery expression: any of its variants. */
export const tsQueryText = (group: TermGroup) => group.variants.join(" | ");

const FIRST_PERSON: Record<string, string> = { you: "I", your: "my", yours: "mine", yourself: "myself", "you're": "I'm", "you've": "I've", "you'd": "I'd", "you'll": "I'll" };

/**
 * The question as the person would say it of themselves ("How did you meet your husband?" → "How did I meet my
 * husband?"). Memories are written in the first person, and the sentence encoder puts a question closer to the
 * memory that answers it when both speak of the same "I" (docs/formulas.md).
 */
export function asFirstPerson(question: string): string {
  return question.replace(/[’‘]/g, "'").replace(/\b(you're|you've|you'd|you'll|yourself|yours|your|you)\b/gi, (w) => FIRST_PERSON[w.toLowerCase()] ?? w);
}
