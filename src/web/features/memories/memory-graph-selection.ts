import type { MemoryCategory } from "../../../contract/memory-options";
import { findMemoryLinks, THEME_PHRASE } from "./memory-graph-links";
import { GRAPH_MAX_NODES } from "./memory-graph-layout";
import { readMentions, resolveMentions } from "./memory-mentions";

/** Which memories the connection network shows: the most connected (the default), or those of one theme, person, place or decade. */
export type GraphChoice =
  | { kind: "connected" }
  | { kind: "theme"; category: MemoryCategory }
  | { kind: "person"; key: string }
  | { kind: "place"; key: string }
  | { kind: "decade"; decade: number };

export const MOST_CONNECTED: GraphChoice = { kind: "connected" };

interface SelectableMemory {
  id: string;
  content: string;
  category: MemoryCategory;
  tags: readonly string[];
  createdAt: string;
}

/** A choice as a <select>'s value and back: "connected", "theme:family", "person:grandmother", "decade:1960". */
export function choiceValue(choice: GraphChoice): string {
  switch (choice.kind) {
    case "connected":
      return "connected";
    case "theme":
      return `theme:${choice.category}`;
    case "person":
      return `person:${choice.key}`;
    case "place":
      return `place:${choice.key}`;
    case "decade":
      return `decade:${choice.decade}`;
  }
}

export function parseChoice(value: string): GraphChoice {
  const [kind, ...rest] = value.split(":");
  const arg = rest.join(":");
  if (kind === "theme" && arg) return { kind, category: arg as MemoryCategory };
  if ((kind === "person" || kind === "place") && arg) return { kind, key: arg };
  if (kind === "decade" && /^\d{4}$/.test(arg)) return { kind, decade: Number(arg) };
  return MOST_CONNECTED;
}

/**
 * The `max` memories with the most links, counted with the same links the network draws (findMemoryLinks: shared
 * people, places, tags and themes, each memory keeping its strongest few); equal counts go to the stronger links,
 * then to the newer memory. Most connected first, so they read first in the drawing.
 */
export function mostConnected<T extends SelectableMemory>(memories: readonly T[], max = GRAPH_MAX_NODES): T[] {
  const degree = new Map<string, number>();
  const strength = new Map<string, number>();
  for (const link of findMemoryLinks(memories)) {
    for (const id of [link.source, link.target]) {
      degree.set(id, (degree.get(id) ?? 0) + 1);
      strength.set(id, (strength.get(id) ?? 0) + link.strength);
    }
  }
  return [...memories]
    .sort(
      (a, b) =>
        (degree.get(b.id) ?? 0) - (degree.get(a.id) ?? 0) ||
        (strength.get(b.id) ?? 0) - (strength.get(a.id) ?? 0) ||
        b.createdAt.localeCompare(a.createdAt) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, max);
}

/** A person or place the memories mention, how it is named in a reason ("your grandmother", "Ana", "Lisbon"), and in how many memories. */
export interface MentionedPerson {
  key: string;
  label: string;
  count: number;
}

type MentionKind = "person" | "place";

/** Each memory's people or places, read as the links read them, so a choice finds what the links find. */
function mentionsOf(memories: readonly SelectableMemory[], kind: MentionKind) {
  return resolveMentions(memories.map((m) => readMentions(m.content))).map((mentions) => mentions.filter((m) => m.kind === kind));
}

/** The people (or, with `kind` "place", the places) the memories mention, the most often mentioned first (then by name). */
export function mentionedPeople(memories: readonly SelectableMemory[], kind: MentionKind = "person"): MentionedPerson[] {
  const byKey = new Map<string, MentionedPerson>();
  for (const mentioned of mentionsOf(memories, kind)) {
    for (const { key, label } of mentioned) {
      const known = byKey.get(key);
      if (known) known.count += 1;
      else byKey.set(key, { key, label, count: 1 });
    }
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** The memories that mention one person (or place) by the key `mentionedPeople` gives. */
export function memoriesMentioning<T extends SelectableMemory>(memories: readonly T[], key: string, kind: MentionKind = "person"): T[] {
  const mentioned = mentionsOf(memories, kind);
  return memories.filter((_, i) => mentioned[i]!.some((m) => m.key === key));
}

/** "all 6 memories in the list", "the 8 most connected of 23 memories about family", "the one memory from the 1960s". */
export function describeShown(choice: GraphChoice, shown: number, total: number, named: readonly MentionedPerson[]): string {
  const chosenKey = choice.kind === "person" || choice.kind === "place" ? choice.key : null;
  const mentions = (one: boolean) => `that ${one ? "mentions" : "mention"} ${named.find((p) => p.key === chosenKey)?.label ?? "them"}`;
  const which = {
    connected: "in the list",
    theme: choice.kind === "theme" ? `about ${THEME_PHRASE[choice.category]}` : "",
    person: mentions(shown === 1 && total === 1),
    place: mentions(shown === 1 && total === 1),
    decade: choice.kind === "decade" ? `from the ${choice.decade}s` : "",
  }[choice.kind];
  if (shown === total) return `${shown === 1 ? "the one memory" : `all ${shown} memories`} ${which}`;
  return `the ${shown} most connected of ${total} memories ${which}`;
}
