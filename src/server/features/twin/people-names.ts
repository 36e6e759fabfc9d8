import type { AskerRole } from "./kinship";
import { askerSideKin } from "./kinship";
import { kinOf, wordsFor } from "./people-kin";

/** Someone on the owner's People list: their name and who they are to the owner. */
export interface KnownPerson {
  name: string;
  relationship: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The people whose kin word is theirs alone on the list (one husband, one sister): only those can be named for it. */
function onlyOnes(known: readonly KnownPerson[]): Array<{ kin: string; name: string }> {
  const byKin = new Map<string, string[]>();
  for (const p of known) byKin.set(kinOf(p.relationship), [...(byKin.get(kinOf(p.relationship)) ?? []), p.name.trim()]);
  return [...byKin].filter(([, names]) => names.length === 1).map(([kin, names]) => ({ kin, name: names[0]! }));
}

/**
 * The question with the names of the people it names by kin, from the owner's People list: "your husband" (a
 * daughter's "Dad", heard from the owner's side) becomes "your husband Desmond", "my sister" "my sister Grace", so the
 * memories that call them by name are found by their words too. A kin word two people share is left as it is.
 */
export function namePeopleIn(question: string, known: readonly KnownPerson[]): string {
  let text = question;
  for (const { kin, name } of onlyOnes(known)) {
    if (new RegExp(`(?<![\\p{L}])${escape(name)}(?![\\p{L}])`, "iu").test(text)) continue;
    text = text.replace(new RegExp(`\\b((?:your|my|our)\\s+(?:late\\s+)?(?:${wordsFor(kin).map(escape).join("|")}))\\b`, "i"), `$1 ${name}`);
  }
  return text;
}

/**
 * A sentence of the owner's, said to a family member as they know the people in it: to a daughter, "my husband
 * Desmond", "my husband" and "Desmond" are "your dad" (her own word, when her question used one; else "your father").
 * Only people on the list, whose kin word is theirs alone, and never the asker themself (`askerName`).
 */
export function asTheAskerKnows(sentence: string, role: AskerRole | null, known: readonly KnownPerson[], words: Map<string, string>, askerName?: string): string {
  if (!role) return sentence;
  let text = sentence;
  for (const { kin, name } of onlyOnes(known)) {
    if (askerName && name.toLowerCase() === askerName.trim().toLowerCase()) continue;
    const theirs = words.get(kin) ?? askerSideKin(role, kin);
    if (!theirs) continue;
    const say = `your ${theirs}`;
    const kinWords = wordsFor(kin).map(escape).join("|");
    text = text
      .replace(new RegExp(`(?<![\\p{L}])(?:[Mm]y|[Oo]ur)\\s+(?:late\\s+)?(?:${kinWords})(?:,\\s+${escape(name)},|\\s+${escape(name)})?(?![\\p{L}])`, "gu"), say)
      .replace(new RegExp(`(?<![\\p{L}])${escape(name)}(?![\\p{L}])`, "gu"), say);
  }
  return text.replace(/^(\W*)your\b/, "$1Your");
}
