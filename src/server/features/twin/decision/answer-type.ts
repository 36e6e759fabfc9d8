import type { Word } from "../../../platform/lexicon/analyse";

/**
 * Whether a memory holds the kind of thing a question asks for (docs/formulas.md, "Twin decision", answer type): a
 * "when" wants a date, a year, a season or an age; a "where" a place; a "who" a person. A memory without it can still be
 * the answer ("Where did you grow up?" → "the farm"), so these are features the fitted model weighs, never rules.
 */

// Where the question is addressed first ("Mum, when did…"), the address is skipped.
const LEAD = String.raw`^\s*(?:[\p{L}-]+\s*,\s*)?`;
const WHEN_QUESTION = new RegExp(`${LEAD}(when\\b|what year|which year|how old|at what age|how long ago|what age)`, "iu");
const WHERE_QUESTION = new RegExp(`${LEAD}(where\\b|whereabouts\\b|(?:what|which) (?:town|city|village|country|place|street|school|church|hospital|county|state|island|part of)\\b)`, "iu");
const WHO_QUESTION = new RegExp(`${LEAD}(who\\b|whom\\b|whose\\b|what was (?:his|her|their|the \\w+'s) name\\b|what (?:were|was) (?:their|the) names?\\b)`, "iu");

const WHEN_WORDS = /\b(19|20)\d\d\b|\b(spring|summer|autumn|fall|winter|christmas|easter|birthday|january|february|march|april|may|june|july|august|september|october|november|december)\b|\b(age|aged)\s+\d+|\b\d+\s+years?\s+old\b|\bwhen I was\b|\bthe (fifties|sixties|seventies|eighties|nineties)\b/i;

// Prepositions after which a name is a place ("in Cork", "at Castle Hill", "from the Bronx").
const PLACE_PREPOSITIONS = new Set("in at to from near outside around across into toward towards through via".split(" "));
// Words for a kind of place: "the farm", "the school", "a flat above the shop".
const PLACE_NOUNS = new Set(
  "town city village country street road lane avenue farm house home flat apartment cottage school college university church chapel hospital station harbour harbor port beach coast shore seaside lake river mountain hill valley island park garden market shop store factory mill mine office camp base airport hotel restaurant cafe pub bar kitchen abroad overseas county province state border hometown neighbourhood neighborhood".split(" "),
);
// Words for a person: kin, and the people of a life ("my teacher", "the neighbour").
const PERSON_NOUNS = new Set(
  "mother mum mom father dad husband wife son daughter brother sister aunt uncle niece nephew cousin grandmother grandfather grandma grandpa granny nan gran parent child baby friend neighbour neighbor teacher boss colleague girlfriend boyfriend fiance fiancee partner doctor nurse priest vicar man woman boy girl".split(" "),
);
// Capitalised words that name neither a person nor a place.
const NOT_A_NAME = new Set("i monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december christmas easter god english french german spanish italian polish irish scottish welsh american british".split(" "));

export const asksWhen = (question: string) => WHEN_QUESTION.test(question);
export const asksWhere = (question: string) => WHERE_QUESTION.test(question);
export const asksWho = (question: string) => WHO_QUESTION.test(question);

/** Whether a memory says when it happened: its stored date, or a year, a season or an age in its words. */
export const saysWhen = (text: string, happenedOn: string | null) => happenedOn !== null || WHEN_WORDS.test(text);

/** The runs of names in a text, each with whether it follows a preposition of place ("in", "at the"). */
function nameRuns(words: Word[]): Array<{ lemma: string; afterPlace: boolean }> {
  const runs: Array<{ lemma: string; afterPlace: boolean }> = [];
  words.forEach((w, i) => {
    if (w.tag !== "PROPN" || NOT_A_NAME.has(w.lemma)) return;
    if (words[i - 1]?.tag === "PROPN" && words[i - 1]!.sentence === w.sentence) return;
    const before = words[i - 1]?.lemma === "the" ? words[i - 2] : words[i - 1];
    runs.push({ lemma: w.lemma, afterPlace: before !== undefined && PLACE_PREPOSITIONS.has(before.lemma) });
  });
  return runs;
}

// A listed word said as a noun: tagged so, or after "a", "the", "our" (the tagger reads "our first flat" as an adjective).
const saidAsNoun = (words: Word[], list: Set<string>) =>
  words.some((w, i) => list.has(w.lemma) && (w.tag === "NOUN" || words.slice(Math.max(0, i - 2), i).some((x) => x.tag === "DET" || x.tag === "PRON")));

/** Whether a memory names a place: a name after a preposition of place, or a word for a kind of place. */
export const saysWhere = (words: Word[]) => saidAsNoun(words, PLACE_NOUNS) || nameRuns(words).some((r) => r.afterPlace);

/** Whether a memory names a person: a name that is not a place, or a word for a person. */
export const namesPerson = (words: Word[]) => saidAsNoun(words, PERSON_NOUNS) || nameRuns(words).some((r) => !r.afterPlace);
