// How a message is read before the crisis rules see it: one spelling for the many ways people type the same words.

/** Chat spellings and dropped apostrophes, written out, so one rule covers "im gonna", "I'm going to" and "I am going to". */
const SPELLINGS: [RegExp, string][] = [
  [/\bi am\b/g, "i'm"],
  [/\bim\b/g, "i'm"],
  [/\bi have\b/g, "i've"],
  [/\bive\b/g, "i've"],
  [/\bi will\b/g, "i'll"],
  [/\bi would\b/g, "i'd"],
  [/\b(do|does|did|could|would|should|is|was|were|are|have|has|had|must)(?:nt|n't| not)\b/g, "$1n't"],
  [/\b(?:cannot|can not|cant)\b/g, "can't"],
  [/\bwill not\b/g, "won't"],
  [/\bwont\b/g, "won't"],
  [/\bgon+a\b/g, "going to"],
  [/\bwan+a\b/g, "want to"],
  [/\bgotta\b/g, "got to"],
  [/\bu\b/g, "you"],
  [/\bur\b/g, "your"],
  [/\br\b/g, "are"],
  [/\brn\b/g, "right now"],
  [/\btonite\b/g, "tonight"],
  [/\bpils\b/g, "pills"],
  [/\bkms\b/g, "kill myself"],
  [/\bsh\b/g, "self harm"],
  [/\bself[- ]?harm(s|ed|ing)?\b/g, "self harm"],
  [/\b(end|think|cutt|kill|hurt|do|go|feel|try|noth|someth|start)in\b/g, "$1ing"],
  [/\b(it|that|there|what|everything|everyone|nobody|tonight|today)s\b/g, "$1's"],
  [/\bill (be|see|go|come|do|make|never|just|kill|end|take)\b/g, "i'll $1"],
  [/\b(?:myslef|my self|meself)\b/g, "myself"],
  [/\bkillmyself\b/g, "kill myself"],
  [/\bkil\b/g, "kill"],
  [/\bsuicid(?:e|)\b|\bsuicde\b|\bsucide\b/g, "suicide"],
  [/\btryna\b/g, "trying to"],
  [/\b(?:bc|cuz|coz|cos)\b/g, "because"],
  [/\bidk\b/g, "i don't know"],
  [/\bppl\b/g, "people"],
  [/\b(every|any|no|some)1\b/g, "$1one"],
];

/**
 * Lower case, accents folded, curly quotes and dashes made plain, chat spellings written out, spaces collapsed. The
 * result is what every rule and the negation check read; the encoder gets the person's own words.
 */
export function normaliseMessage(text: string): string {
  let t = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u02bc`´]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033«»]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, " - ")
    .replace(/\s+/g, " ")
    .trim();
  for (const [from, to] of SPELLINGS) t = t.replace(from, to);
  return t;
}

/**
 * Another person's words quoted ("Mum used to say 'I'd rather die than go into a home'") are theirs, not the writer's:
 * a quotation right after a verb of saying whose subject is not "I" is blanked before the rules read the message.
 */
export function withoutQuotedSpeech(normalised: string): string {
  return normalised.replace(/\b(\w+)((?: \w+){0,3}?) (said|says|say|told me|tells me|wrote|writes|asked|sang|used to say|would say|kept saying),? "[^"]*"/g, (whole, subject: string) =>
    subject === "i" ? whole : whole.replace(/"[^"]*"/, '""'),
  );
}

/** Sentences of a normalised message, for the "where does this match sit" checks. */
export function sentenceOf(normalised: string, index: number): string {
  const start = Math.max(normalised.lastIndexOf(".", index - 1), normalised.lastIndexOf("!", index - 1), normalised.lastIndexOf("?", index - 1), normalised.lastIndexOf(";", index - 1)) + 1;
  const ends = [".", "!", "?", ";"].map((c) => normalised.indexOf(c, index)).filter((i) => i >= 0);
  return normalised.slice(start, ends.length ? Math.min(...ends) : normalised.length);
}

/** Splits a message into its sentences (for the encoder: intent hidden at the end of a long, ordinary message). */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 2);
}
