/**
 * A memory's sentence said to the person asking, where it names them (issue 41): asked by Ada, "with Ada and me holding
 * his hands" becomes "with you and me holding his hands", "Ada's first bike" "your first bike", "Ada was born" "you
 * were born", "our daughter, Ada, walks" "you walk". Only the asker's own name (as the owner wrote it when naming them
 * a contact) is turned: "she" later in the sentence may be anyone, so pronouns stay as written.
 */

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
  const lower = word.toLowerCase();
  if (AGREEMENT[lower]) return AGREEMENT[lower]!;
  if (NOT_VERBS.has(lower) || !/^[a-z]{2,}s$/.test(lower) || /ss$|us$|is$/.test(lower)) return word;
  if (/ies$/.test(lower)) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|z|o)es$/.test(lower)) return word.slice(0, -2);
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

// Which pronouns a relationship's word takes ("daughter": she, her); a relationship with neither, or both, gives none.
const FEMALE = /\b(?:daughter|granddaughter|sister|niece|mother|mum|mom|mam|wife|aunt|auntie|grandmother|grandma|nana|gran|goddaughter|stepdaughter|girlfriend|fianc[eé]e)\b/i;
const MALE = /\b(?:son|grandson|brother|nephew|father|dad|husband|uncle|grandfather|grandpa|grandad|godson|stepson|boyfriend|fianc[eé])\b/i;
// After "her" or "his", a word that is not the noun it owns: "too quiet for her, but", "gave her a kite", "was his".
const NOT_OWNED = new Set("a an the and but or so to for from with at in on of by as if when than then that this these those me him her us them it too very up down out off back again always never still".split(" "));
const owned = (word: string | undefined) => word !== undefined && !NOT_OWNED.has(word.toLowerCase());

/** The pronouns of one person (she, her, hers, herself) said to them as "you" (you, your/you, yours, yourself). */
function pronounsToYou(text: string, gender: "female" | "male"): string {
  const subject = gender === "female" ? "she" : "he";
  const object = gender === "female" ? "her" : "him";
  const self = gender === "female" ? "herself" : "himself";
  let said = text
    .replace(new RegExp(String.raw`\b${self}\b`, "gi"), "yourself")
    .replace(new RegExp(String.raw`\b${subject}(\s+)(${ADVERB})([\p{L}'’]+)`, "giu"), (_m, space: string, adverb: string, word: string) => `you${space}${adverb}${unInflect(word)}`)
    .replace(new RegExp(String.raw`\b${subject}\b`, "gi"), "you");
  if (gender === "female") {
    said = said
      .replace(/\bhers\b/gi, "yours")
      // "her" is "your" before the noun it owns ("her wedding"), else "you" ("for her", "gave her a kite").
      .replace(/\bher\b(\s+([\p{L}'’]+))?/giu, (_m, after: string | undefined, word: string | undefined) => (owned(word) ? `your${after}` : `you${after ?? ""}`));
  } else {
    said = said
      .replace(new RegExp(String.raw`\b${object}\b`, "gi"), "you")
      .replace(/\bhis\b(\s+([\p{L}'’]+))?/giu, (_m, after: string | undefined, word: string | undefined) => (owned(word) ? `your${after}` : `yours${after ?? ""}`));
  }
  return said;
}

/**
 * A passage said to the asker (`toTheAsker`, sentence by sentence), and after their name the pronouns that can only be
 * theirs: asked by Ama, a daughter, "Ama brought Tunde home. I thought Tunde was too quiet for her." says "…for you".
 * Only where the asker's relationship gives their pronouns, and only until the passage names by a kin word another
 * person they could stand for ("my sister", "her mother"): from there on the pronouns stay as written.
 */
export function passageToTheAsker(sentences: readonly string[], contactName: string, relationship: string | null | undefined): string[] {
  const relation = relationship ?? "";
  const gender = FEMALE.test(relation) === MALE.test(relation) ? null : FEMALE.test(relation) ? "female" : "male";
  const kin = gender === "female" ? FEMALE : MALE;
  let named = false;
  let ambiguous = false;
  return sentences.map((sentence) => {
    const turned = toTheAsker(sentence, contactName);
    if (!gender || ambiguous) return turned;
    // Within the sentence that names them, only what follows their name; every sentence after it, whole.
    const from = named ? 0 : turned === sentence ? -1 : firstDifference(sentence, turned);
    if (turned !== sentence) named = true;
    if (from < 0) return turned;
    const rest = turned.slice(from);
    if (kin.test(rest)) {
      ambiguous = true;
      return turned;
    }
    return `${turned.slice(0, from)}${pronounsToYou(rest, gender)}`.replace(/^(\W*)you(r?)\b/, (_m, lead: string, r: string) => `${lead}You${r}`);
  });
}

const firstDifference = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
};
