import type { WhisperTokenizerData } from "./model-file";

/**
 * Token ids → text, as the removed BpeDecoder did: each id's vocabulary entry is written in GPT-2's byte-level
 * alphabet (every byte a printable character), so the characters are turned back into bytes and the bytes read as
 * UTF-8. Special ids (start of transcript, language, task, end) and ids past the vocabulary (timestamps) are skipped.
 */
export function createTokenDecoder(data: WhisperTokenizerData): (ids: Iterable<number>) => string {
  const byteOf = new Map(data.byteDecoder);
  const special = new Set(data.specialIds);
  return (ids) => {
    const bytes: number[] = [];
    for (const id of ids) {
      if (special.has(id) || id < 0 || id >= data.vocab.length) continue;
      for (const ch of data.vocab[id]!) bytes.push(byteOf.get(ch.codePointAt(0)!) ?? 0x3f);
    }
    return Buffer.from(bytes).toString("utf8").replace(/\s+/g, " ").trim();
  };
}
