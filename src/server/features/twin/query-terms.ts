import { ADVICE_PATTERNS, EMOTION_WORDS, FILLER, IRREGULAR, PHRASES, SYNONYMS, WEAK } from "./lexicon";

/** One topic of a question: the word as asked, the forms and synonyms searched for it, and how much it counts. */
export interface TermGroup {
  key: string;
  word: string;
  variants: string[];
  /** 1 for a topic word, WEAK_WEIGHT for a word that only hints at one. */
  weight: number;
  /** A name the asker capitalised ("Biscuit", "Arjun"): the most specific thing a question can name, counted double. */
  isName: boolean;
}

export interface QuestionTerms {
  groups: TermGroup[];
  /** Memory emotions the question names ("proudest" → Pride). */
  emotions: string[];
  /** The question asks for judgement ("should I…", "what would you do…") rather than a past event. */
  wantsAdvice: boolean;
}

export const WEAK_WEIGHT = 0.35;
// "buy" must also find "bought": each base word carries its irregular forms.
const irregularFormsOf = new Map<string, string[]>();
for (const [form, base] of Object.entries(IRREGULAR)) irregularFormsOf.set(base, [...(irregularFormsOf.get(base) ?? []), form]);
const synonymsOf = new Map<string, string[]>();
for (const group of SYNONYMS) for (const word of group) synonymsOf.set(word, [...new Set([...(synonymsOf.get(word) ?? []), ...group])]);

// PostgreSQL's to_tsquery accepts only plain words here; everything else is dropped before it gets there.
const isPlainWord = (w: string) => /^[a-z0-9]+$/.test(w);

/** Splits a question into topic groups (filler removed, irregular forms and synonyms joined), emotions and intent. */
export function readQuestion(question: string): QuestionTerms {
  const text = PHRASES.reduce((t, [pattern, word]) => t.replace(pattern, word), question.toLowerCase().replace(/[’‘]/g, "'"));
  const tokens = (text.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []).map((t) => t.replace(/'s$/, ""));
  // Capitalised words after the first are names; the first word of a question is capitalised anyway.
  const names = new Set((question.match(/(?<=\s)[A-Z][a-z]+/g) ?? []).map((w) => w.toLowerCase()));
  const groups = new Map<string, TermGroup>();
  const emotions = new Set<string>();
  for (const token of tokens) {
    const emotion = EMOTION_WORDS[token];
    if (emotion) emotions.add(emotion);
    if (FILLER.has(token) || token.length < 2) continue;
    const base = IRREGULAR[token] ?? token.replace(/'.*$/, "");
    const variants = [
      ...new Set([token.replace(/'.*$/, ""), base, ...(irregularFormsOf.get(base) ?? []), ...(synonymsOf.get(token) ?? []), ...(synonymsOf.get(base) ?? [])]),
    ].filter(isPlainWord);
    if (variants.length === 0) continue;
    const key = [...variants].sort()[0]!;
    const weight = WEAK.has(token) || WEAK.has(base) ? WEAK_WEIGHT : 1;
    const existing = [...groups.values()].find((g) => g.variants.some((v) => variants.includes(v)));
    if (existing) {
      existing.variants = [...new Set([...existing.variants, ...variants])];
      existing.weight = Math.max(existing.weight, weight);
    } else {
      groups.set(key, { key, word: token, variants, weight, isName: weight === 1 && names.has(token) });
    }
  }
  return { groups: [...groups.values()], emotions: [...emotions], wantsAdvice: ADVICE_PATTERNS.some((p) => p.test(question)) };
}

/** The group as a to_tsquery expression: any of its variants. */
export const tsQueryText = (group: TermGroup) => group.variants.join(" | ");
