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
