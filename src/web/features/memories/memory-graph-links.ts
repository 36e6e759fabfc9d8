import type { MemoryCategory } from "../../../contract/memory-options";
import { readMentions, resolveMentions } from "./memory-mentions";

export type LinkReasonKind = "person" | "place" | "tag" | "theme";

/** One thing two memories share, said as a person would: "Both mention your grandmother", "Both tagged #lake". */
export interface LinkReason {
  kind: LinkReasonKind;
  text: string;
}

/** Two memories (`source` comes first in the input) and everything they share, the weightiest first. */
export interface MemoryLink {
  source: string;
  target: string;
  strength: number;
  reasons: LinkReason[];
}

interface LinkableMemory {
  id: string;
  content: string;
  category: MemoryCategory;
  tags: readonly string[];
}

/** At most this many links per memory: its strongest. */
export const MAX_LINKS_PER_MEMORY = 3;
/** A person or a place says more than a tag, a tag more than a theme. */
const WEIGHT: Record<LinkReasonKind, number> = { person: 3, place: 3, tag: 2, theme: 1 };
const KIND_ORDER: LinkReasonKind[] = ["person", "place", "tag", "theme"];
/** A feature shared by more memories than this pairs each only with its neighbours in the input (see below). */
const DENSE_FEATURE = 24;
const DENSE_NEIGHBOURS = 2;
/** The category a memory gets when none is chosen: sharing it says nothing about what two memories are about. */
const DEFAULT_CATEGORY: MemoryCategory = "personal";
export const THEME_PHRASE: Record<MemoryCategory, string> = {
  personal: "personal life",
  family: "family",
  career: "work and career",
  relationships: "relationships",
  achievements: "achievements",
  travel: "travel",
  learning: "learning",
  creative: "creative work",
};

interface Feature {
  kind: LinkReasonKind;
  /** The word compared: a mention's key, a tag, a category. */
  key: string;
  text: string;
}

/** A memory's people, places, tags and theme, keyed so that the same person named two ways is one feature. */
function featuresOf(memory: LinkableMemory, mentions: ReturnType<typeof resolveMentions>[number]): Map<string, Feature> {
  const features = new Map<string, Feature>();
  for (const mention of mentions) features.set(`m:${mention.key}`, { kind: mention.kind, key: mention.key, text: `Both mention ${mention.label}` });
  for (const raw of memory.tags) {
    // Compared without case, said as typed (decision 0037).
    const typed = raw.trim().replace(/^#+/, "");
    const tag = typed.toLowerCase();
    if (tag) features.set(`t:${tag}`, { kind: "tag", key: tag, text: `Both tagged #${typed}` });
  }
  if (memory.category !== DEFAULT_CATEGORY) {
    features.set(`c:${memory.category}`, { kind: "theme", key: memory.category, text: `Both about ${THEME_PHRASE[memory.category]}` });
  }
  return features;
}

/**
 * Links between memories that share a person, a place, a tag or a theme (a category other than the default), each with
 * its reasons. Sharing an emotion alone is no link. Strength adds, for each shared feature, its weight divided by
 * √(memories sharing it − 1): a name two memories share says more than a tag forty share. Each memory keeps its
 * `maxPerMemory` strongest links (stronger first, then more reasons, then earlier in the input), so a large vault
 * stays readable. A feature shared by very many memories pairs each with its next neighbours in the input rather than
 * with all of them, which keeps 1,000 memories fast.
 */
export function findMemoryLinks(memories: readonly LinkableMemory[], { maxPerMemory = MAX_LINKS_PER_MEMORY } = {}): MemoryLink[] {
  const mentions = resolveMentions(memories.map((m) => readMentions(m.content)));
  const features = memories.map((memory, i) => featuresOf(memory, mentions[i]!));

  const sharing = new Map<string, number[]>();
  features.forEach((own, i) => {
    for (const id of own.keys()) {
      const members = sharing.get(id);
      if (members) members.push(i);
      else sharing.set(id, [i]);
    }
  });

  const n = memories.length;
  const pairs = new Set<number>();
  for (const members of sharing.values()) {
    if (members.length < 2) continue;
    const reach = members.length > DENSE_FEATURE ? DENSE_NEIGHBOURS : members.length;
    for (let a = 0; a < members.length; a++) {
      for (let b = a + 1; b < members.length && b <= a + reach; b++) pairs.add(members[a]! * n + members[b]!);
    }
  }

  const candidates: (MemoryLink & { a: number; b: number })[] = [];
  for (const pair of pairs) {
    const a = Math.floor(pair / n);
    const b = pair % n;
    const shared: Feature[] = [];
    let strength = 0;
    for (const [id, feature] of features[a]!) {
      if (!features[b]!.has(id)) continue;
      shared.push(feature);
      strength += WEIGHT[feature.kind] / Math.sqrt(sharing.get(id)!.length - 1);
    }
    // "Both tagged #family" already says "Both about family".
    const reasons = shared
      .filter((f) => !(f.kind === "theme" && shared.some((t) => t.kind === "tag" && t.key === f.key)))
      .sort((x, y) => KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind))
      .map(({ kind, text }) => ({ kind, text }));
    candidates.push({ a, b, source: memories[a]!.id, target: memories[b]!.id, strength, reasons });
  }
  candidates.sort((x, y) => y.strength - x.strength || y.reasons.length - x.reasons.length || x.a - y.a || x.b - y.b);

  const degree = new Array<number>(n).fill(0);
  const links: MemoryLink[] = [];
  for (const { a, b, ...link } of candidates) {
    if (degree[a]! >= maxPerMemory || degree[b]! >= maxPerMemory) continue;
    degree[a]! += 1;
    degree[b]! += 1;
    links.push(link);
  }
  return links;
}
