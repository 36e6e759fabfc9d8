const ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(" ");
const TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split(" ");
/** A whole number below a thousand in words ("30" → "thirty", "145" → "one hundred and forty five"), as the passages write them. */
function inWords(n: number): string {
  if (n < 20) return ONES[n]!;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ""}`;
  return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` and ${inWords(n % 100)}` : ""}`;
}

/**
 * Words as a transcript is judged on them: lower case, no punctuation, "n't" and the like kept with their word, and a
 * number written in digits read as words (Whisper writes "30" for "thirty"; that is not an error a person corrects).
 */
export const judgedWords = (text: string) =>
  text
    .replace(/\b\d{1,3}\b/g, (d) => inWords(Number(d)))
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ""))
    .filter((w) => w !== "");

/** Word-level edit distance (substitutions, insertions, deletions) between what was said and what was heard. */
export function wordErrors(said: string, heard: string): { errors: number; words: number } {
  const a = judgedWords(said);
  const b = judgedWords(heard);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return { errors: previous[b.length]!, words: a.length };
}
