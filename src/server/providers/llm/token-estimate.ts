// The local model has no tokenizer; usage is an estimate with BPE-like proportions (a short word is one
// token, a long one several, each punctuation mark one), so usage figures stay meaningful and deterministic.
const PIECES = /[\p{L}\p{M}]+|\p{N}+|[^\s\p{L}\p{M}\p{N}]/gu;

const piecesOf = (text: string) => text.match(PIECES) ?? [];
const tokensOfPiece = (piece: string) => Math.max(1, Math.ceil(piece.length / 6));

/** Estimated token count of a text; the same text always gives the same number. */
export function estimateTokens(text: string): number {
  return piecesOf(text).reduce((sum, piece) => sum + tokensOfPiece(piece), 0);
}

/** The longest prefix of the text that fits in maxTokens, cut at a word boundary. */
export function truncateToTokens(text: string, maxTokens: number): string {
  let used = 0;
  let end = 0;
  for (const match of text.matchAll(PIECES)) {
    used += tokensOfPiece(match[0]);
    if (used > maxTokens) break;
    end = (match.index ?? 0) + match[0].length;
  }
  return text.slice(0, end);
}
