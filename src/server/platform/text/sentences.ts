const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });

// ICU (behind Intl.Segmenter) ends a sentence after every "Mr." and "St."; these abbreviations and single initials
// ("J. R.") never end one here, so the next segment is joined back on.
const NEVER_FINAL = /(?:^|\s)(?:mr|mrs|ms|dr|st|mt|jr|sr|prof|rev|fr|sgt|capt|lt|col|gen|gov|sen|rep|vs|etc|no|approx|e\.g|i\.e|[a-z])\.\s*$/i;

/** Splits prose into sentences (Unicode sentence boundaries), trimmed, each keeping its closing punctuation. */
export function splitSentences(text: string): string[] {
  const flat = text.replace(/\s+/g, " ").trim();
  const sentences: string[] = [];
  let carried = "";
  for (const part of sentenceSegmenter.segment(flat)) {
    const segment = carried + part.segment;
    if (NEVER_FINAL.test(segment)) {
      carried = segment;
      continue;
    }
    carried = "";
    const sentence = segment.trim();
    if (sentence.length > 0) sentences.push(sentence);
  }
  if (carried.trim()) sentences.push(carried.trim());
  return sentences;
}
