/**
 * A memory's sentence said to the person asking, where it names them (issue 41): asked by Ada, "with Ada and me holding
 * his hands" becomes "with you and me holding his hands", "Ada's first bike" "your first bike", "Ada was born" "you
 * were born", "our daughter, Ada, walks" "you walk". Only the asker's own name (as the owner wrote it when naming them
 * a contact) is turned here; the pronouns that can only be theirs are turned for a whole passage (`passageToTheAsker`).
 */
import { readWords, type Word } from "../../platform/lexicon/analyse";
import { pronounsOf } from "./people-kin";

// Kin and fond words that may stand before the name and go with it ("my eldest daughter Ada" → "you").
const BEFORE_NAME = String.raw`(?:(?:[Mm]y|[Oo]ur)\s+(?:(?:little|eldest|oldest|youngest|middle|baby|dear|darling|only|beloved|new|first)\s+)?(?:daughter|son|girl|boy|granddaughter|grandson|grandchild|child|niece|nephew|sister|brother|wife|husband|mother|father|mum|mom|dad|cousin|aunt|uncle|partner|friend|godson|goddaughter)\s*,?\s+)?`;

// The forms a name's verb takes that "you" does not.
const AGREEMENT: Record<string, string> = {
  is: "are", was: "were", has: "have", does: "do", "isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't", "doesn't": "don't", goes: "go",
};
// Words ending in "s" that follow a name without being its verb.
const NOT_VERBS = new Set("always sometimes perhaps afterwards towards besides unless as his hers its yours ours theirs thanks".split(" "));
const ADVERB = String.raw`(?:(?:always|never|still|often|sometimes|usually|really|just|also|even|only|already|finally)\s+)?`;

/** "loves" → "love", "tries" → "try", "watches" → "watch"; other words as they are. */
function unInflect(word: string): string {
  const lower = word.toLowerCase().replace(/’/g, "'");
  if (AGREEMENT[lower]) return AGREEMENT[lower]!;
  if (NOT_VERBS.has(lower) || !/^[a-z]{2,}s$/.test(lower) || /ss$|us$|is$/.test(lower)) return word;
  if (/ies$/.test(lower)) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|ss|x|z|o)es$/.test(lower)) return word.slice(0, -2);
  return word.slice(0, -1);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The forms of a contact's name worth matching: the whole name as written, then its first word. */
function namesOf(contactName: string): string[] {
  const whole = contactName.trim().replace(/\s+/g, " ");
  const first = whole.split(" ")[0] ?? "";
  // A name must look like one: capitalised, two letters at least; "Mum" or "Dad" as a contact's name is a kin word.
  return [...new Set([whole, first])].filter((n) => /^\p{Lu}[\p{L}'-]+( \p{Lu}[\p{L}'-]+)*$/u.test(n) && !/^(mum|mom|dad|mother|father|grandma|grandpa|nan|gran)$/i.test(n));
}

/** The sentence said to the asker named `contactName` (unchanged when it does not name them). */
export function toTheAsker(sentence: string, contactName: string): string {
  let text = sentence;
  for (const name of namesOf(contactName)) {
    const at = (rest: string) => new RegExp(String.raw`(^|[^\p{L}])${BEFORE_NAME}${escape(name)}(?![\p{L}])${rest}`, "gu");
    // "our daughter, Ada, walks": the name stands for the whole apposition.
    text = text
      .replace(at(","), (m, lead: string) => (/,\s*$/.test(m.slice(0, -name.length - 1)) ? `${lead}${name}` : m))
      .replace(at(String.raw`['’]s\b`), (_m, lead: string) => `${lead}your`)
      .replace(at(String.raw`(,?\s+)(herself|himself)\b`), (_m, lead: string, space: string) => `${lead}you${space}yourself`)
      .replace(at(String.raw`(\s+)(${ADVERB})([\p{L}'’]+)`), (_m, lead: string, space: string, adverb: string, word: string) => `${lead}you${space}${adverb}${/^\p{Ll}/u.test(word) ? unInflect(word) : word}`)
      .replace(at(""), (_m, lead: string) => `${lead}you`);
  }
  // A sentence that now opens with "you" opens with a capital.
  return text.replace(/^(\W*)you(r?)\b/, (_m, lead: string, r: string) => `${lead}You${r}`);
}

// The words of a person no relationship tells apart ("cousin", "friend", "the midwife"): named, they could be meant too.
const PERSON_NOUNS = new Set(
  "cousin friend baby child kid girl boy woman man lady gentleman teacher nurse midwife doctor neighbour neighbor partner spouse sibling parent grandchild colleague boss priest vicar".split(" "),
);

/** The pronouns of one person said to them: "she" → "you" (its verb agreeing), "her" → "your" before what it owns, else "you". */
function pronounsToYou(words: readonly Word[], text: string, gender: "female" | "male"): string {
  const subject = gender === "female" ? "she" : "he";
  const object = gender === "female" ? "her" : "him";
  const self = gender === "female" ? "herself" : "himself";
  const own = gender === "female" ? "hers" : "his";
  // What the tagger says follows each "her"/"his": a noun or adjective (past adverbs: "her very first word") is owned.
  const possessive = gender === "female" ? "her" : "his";
  const owns: boolean[] = [];
  words.forEach((w, i) => {
    if (w.text.toLowerCase() !== possessive) return;
    let j = i + 1;
    while (words[j]?.tag === "ADV") j++;
    owns.push(["NOUN", "ADJ", "NUM", "PROPN"].includes(words[j]?.tag ?? ""));
  });
  let k = 0;
  return text
    .replace(/\b(?:she|he)['’](s|d|ll)\b/gi, (m, tail: string) => (m.toLowerCase().startsWith(subject) ? `you${tail === "s" ? "'re" : `'${tail}`}` : m))
    // "her" owns or is the object ("her dress", "for her"); "his" owns or stands alone ("his bike", "was his").
    .replace(new RegExp(String.raw`\b${possessive}\b`, "gi"), () => (owns[k++] ? "your" : gender === "male" ? "yours" : "you"))
    .replace(new RegExp(String.raw`\b${object}\b`, "gi"), "you")
    .replace(new RegExp(String.raw`\b${self}\b`, "gi"), "yourself")
    .replace(new RegExp(String.raw`\b${own}\b`, "gi"), (m) => (gender === "female" ? "yours" : m))
    .replace(new RegExp(String.raw`\b${subject}(\s+)(${ADVERB})([\p{L}'’]+)`, "giu"), (_m, space: string, adverb: string, word: string) => `you${space}${adverb}${unInflect(word)}`)
    .replace(new RegExp(String.raw`\b${subject}\b`, "gi"), "you");
}

/**
 * A passage said to the asker (`toTheAsker`, sentence by sentence), and after their name the pronouns that can only be
 * theirs: asked by Ama, a daughter, "Ama brought Tunde home. I thought Tunde was too quiet for her." says "…for you".
 * Only where the asker's relationship gives their pronouns (people-kin.ts), and only where nobody else the passage
 * names could be meant: no other name (unless the People list gives it the other pronouns, as "son-in-law Tunde"), no
 * kin word of the same pronouns ("my sister", "Mum"), no word of a person anyone could be ("her cousin", "the midwife").
 * Anywhere else the pronouns stay as written.
 */
export function passageToTheAsker(sentences: readonly string[], contactName: string, relationship: string | null | undefined, people: ReadonlyArray<{ name: string; relationship: string }> = []): string[] {
  const turned = sentences.map((sentence) => toTheAsker(sentence, contactName));
  const gender = pronounsOf(relationship ?? "");
  const names = namesOf(contactName).map((n) => n.toLowerCase());
  const mentions = sentences.map((sentence) => names.some((n) => new RegExp(String.raw`(^|[^\p{L}])${escape(n)}(?![\p{L}])`, "iu").test(sentence)));
  const first = mentions.indexOf(true);
  if (!gender || first < 0) return turned;
  const otherSide = new Set(people.filter((p) => pronounsOf(p.relationship) !== null && pronounsOf(p.relationship) !== gender).flatMap((p) => namesOf(p.name)).map((n) => n.toLowerCase()));
  const words = turned.map((sentence) => readWords(sentence));
  const someoneElse = words.flat().some((w) => {
    const lower = w.text.toLowerCase();
    if (w.tag === "PROPN") return !names.includes(lower) && !otherSide.has(lower) && lower !== "i";
    return pronounsOf(w.lemma) === gender || PERSON_NOUNS.has(w.lemma);
  });
  if (someoneElse) return turned;
  return turned.map((sentence, i) => {
    if (i < first) return sentence;
    // In the sentence that names them, only what follows their name.
    const from = i === first ? firstDifference(sentences[i]!, sentence) : 0;
    return `${sentence.slice(0, from)}${pronounsToYou(readWords(sentence.slice(from)), sentence.slice(from), gender)}`.replace(/^(\W*)you(rs|rself|r)?\b/, (_m, lead: string, r: string | undefined) => `${lead}You${r ?? ""}`);
  });
}

const firstDifference = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
};
