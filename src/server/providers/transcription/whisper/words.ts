/**
 * Words of a transcript compared loosely: lower case, without the punctuation Whisper adds or drops between readings
 * ("mother," and "mother" are one word).
 */
export const plainWord = (word: string) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

export const wordsOf = (text: string) => text.split(/\s+/).filter((w) => w !== "");

/** Indexes of `a`'s words that a longest common subsequence with `b` keeps (compared as plain words). */
export function keptInCommon(a: string[], b: string[]): Set<number> {
  const pa = a.map(plainWord);
  const pb = b.map(plainWord);
  const table = Array.from({ length: pa.length + 1 }, () => new Array<number>(pb.length + 1).fill(0));
  for (let i = pa.length - 1; i >= 0; i--) for (let j = pb.length - 1; j >= 0; j--) table[i]![j] = pa[i] === pb[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const kept = new Set<number>();
  for (let i = 0, j = 0; i < pa.length && j < pb.length; ) {
    if (pa[i] === pb[j]) {
      kept.add(i);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

/**
 * The words of the best reading Whisper was least sure of (docs/formulas.md, "Transcription"): those that a close
 * runner-up of the beam search (a length-normalised log probability within `margin` of the best) does not share, in
 * order. Indexes into `wordsOf(best.text)`.
 */
export function doubtfulWords(best: { text: string; score: number }, others: Array<{ text: string; score: number }>, margin: number): number[] {
  const words = wordsOf(best.text);
  const doubtful = new Set<number>();
  for (const other of others) {
    if (best.score - other.score > margin) continue;
    const kept = keptInCommon(words, wordsOf(other.text));
    words.forEach((_, i) => {
      if (!kept.has(i)) doubtful.add(i);
    });
  }
  return [...doubtful].sort((a, b) => a - b);
}

/**
 * Joins the transcripts of overlapping windows without saying the overlap twice. A window's edge cuts through a word,
 * so its first and last words are often half-heard: the longest run of words (compared as plain words, at least two)
 * shared by the end of what is joined and the start of the next window is where they meet, and each side keeps its
 * own words up to it. Without such a run, the windows are put one after the other.
 */
export function joinWindows(texts: string[], reach = 30): string {
  let joined: string[] = [];
  for (const text of texts) {
    const next = wordsOf(text);
    const start = Math.max(0, joined.length - reach);
    const tail = joined.slice(start).map(plainWord);
    const head = next.slice(0, reach).map(plainWord);
    let best = { length: 0, inTail: 0, inHead: 0 };
    for (let i = 0; i < tail.length; i++)
      for (let j = 0; j < head.length; j++) {
        let length = 0;
        while (i + length < tail.length && j + length < head.length && tail[i + length] !== "" && tail[i + length] === head[j + length]) length++;
        if (length > best.length) best = { length, inTail: i, inHead: j };
      }
    joined = best.length >= 2 ? [...joined.slice(0, start + best.inTail + best.length), ...next.slice(best.inHead + best.length)] : [...joined, ...next];
  }
  return joined.join(" ");
}
