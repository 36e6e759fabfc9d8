import { foldAccents, splitSentences } from "../../platform/text";
import type { Pooled } from "./decision/pool";
import type { Decision } from "./decision/reader-decision";
import type { NearMiss, RetrievedItem } from "./retrieval-types";
import { KIN_WORDS } from "./support";

/**
 * The closest memory by the reader, when it differs from the question in the decisive detail, and the sentence that
 * says so (the material's word matched whole, plural allowed, accents folded). A kin word is never the detail denied:
 * a contact's kin words were rewritten from the owner's side, and "No, I never talked about a daughter" could answer a
 * question about a sister.
 */
export function nearMissOf(ranked: Decision<Pooled<RetrievedItem>>["ranked"]): NearMiss | null {
  const closest = ranked[0];
  const item = closest?.candidate.item;
  if (!closest?.contradiction || item?.kind !== "memory") return null;
  const { asked, told, rank } = closest.contradiction;
  if (KIN_WORDS.has(asked)) return null;
  const word = told
    .split("_")
    .map((part) => part.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean)
    .join("\\s+");
  if (!word) return null;
  const pattern = new RegExp(`\\b${word}(?:s|es)?\\b`, "iu");
  const sentence = splitSentences(item.content).find((s) => pattern.test(foldAccents(s)));
  return sentence ? { id: item.id, asked, told, rank, sentence } : null;
}
