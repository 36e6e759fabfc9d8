// Text as a person meant it, for the checks that read it (SECURITY.md 47): crisis, identity and injection checks must
// not be dodged by how the words are typed. The person's own words are kept everywhere else; only checks read this.

/** Characters that change nothing a reader sees: zero-width spaces and joiners, the soft hyphen, bidi marks, BOM. */
const INVISIBLE = /\p{Cf}|\u034f|\u115f|\u1160|\u17b4|\u17b5|\u180e|\u3164|\uffa0/gu;
/**
 * Single letters joined by one repeated separator: "d-i-e", "t-o", "w.a.n.t", "k_i_l_l", and with spaces from three
 * letters on ("d i e"; two spaced letters are too often words: "a I").
 */
const SPELLED_APART = /(?<![\p{L}\p{N}])\p{L}(?:([-._*~·•])\p{L})(?:\1\p{L})*(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])\p{L}(?: \p{L}){2,}(?![\p{L}\p{N}])/gu;
/** The common digit-and-symbol stand-ins for letters, applied only inside a word that also has letters ("k1ll", "d13"). */
const STAND_INS: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", $: "s", "!": "i", "|": "l" };
const MIXED_WORD = /[\p{L}0-9@$!|]*\p{L}[\p{L}0-9@$!|]*/gu;

/**
 * Digits are read as letters in a word that starts with a letter ("k1ll", "d13") or between letters ("mys3lf"), so
 * "3pm" and "2nd" stay; symbols only between letters ("k!ll", "m@ke"), so "myself!" and "die!!" keep their punctuation.
 */
function readStandIns(word: string): string {
  if (!/[0-9@$!|]/.test(word)) return word;
  const startsWithLetter = /^\p{L}/u.test(word);
  return word.replace(/[0-9@$!|]/g, (c, at: number) => {
    const between = /\p{L}/u.test(word[at - 1] ?? "") && /[\p{L}0-9@$!|]/u.test(word[at + 1] ?? "") && /\p{L}/u.test(word.slice(at + 1));
    const isDigit = /[0-9]/.test(c);
    return (isDigit && (startsWithLetter || between)) || (!isDigit && between) ? (STAND_INS[c] ?? c) : c;
  });
}

/**
 * Unicode compatibility forms folded (NFKC: full-width letters, ligatures, styled mathematical letters), invisible
 * characters removed, letters spelled apart joined, and digit-for-letter swaps read back inside words. Lower case is
 * left to each check; accents too.
 */
export function readAsMeant(text: string): string {
  let t = text.normalize("NFKC").replace(INVISIBLE, "");
  t = t.replace(SPELLED_APART, (run) => run.replace(/[-._*~·• ]/g, ""));
  t = t.replace(MIXED_WORD, readStandIns);
  return t;
}
