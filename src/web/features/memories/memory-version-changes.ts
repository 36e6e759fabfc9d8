import { diffWords } from "diff";
import type { MemoryVersion } from "../../../contract/memories";
import { formatHappenedOn } from "../../../contract/memory-when";
import { categoryLabel } from "./memory-fields";

/** A run of the newer text: kept as it was, added, or removed (from the older one). */
export interface TextPart {
  kind: "same" | "added" | "removed";
  text: string;
}

// Past this many changed words a word-by-word comparison says little and costs much: the texts are shown as replaced.
const MAX_EDIT_LENGTH = 2000;

/** The words added and removed from one version's text to the next (jsdiff's word diff, whitespace kept). */
export function diffText(before: string, after: string): TextPart[] {
  if (before === after) return [{ kind: "same", text: after }];
  const changes = diffWords(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return [{ kind: "removed", text: before }, { kind: "added", text: after }];
  return changes.map((c) => ({ kind: c.added ? "added" : c.removed ? "removed" : "same", text: c.value }));
}

/**
 * Whether a space must be shown after part `i`: a removed run followed straight by the added one ("bookshop" →
 * "Fletcher's Books") would otherwise read as one word ("bookshopFletcher's Books"). The space is in neither version.
 */
export function gapAfter(parts: TextPart[], i: number): boolean {
  const part = parts[i]!;
  const next = parts[i + 1];
  return Boolean(next && part.kind !== "same" && next.kind !== "same" && part.kind !== next.kind && /\S$/.test(part.text) && /^\S/.test(next.text));
}

/** One field that changed between two versions, said in words: "Emotion: Joy → Love". */
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

const when = (v: MemoryVersion) => (v.happenedOn ? formatHappenedOn(v.happenedOn) : "not given");
const tagList = (tags: readonly string[]) => (tags.length > 0 ? tags.map((t) => `#${t}`).join(" ") : "none");

/**
 * The fields a version changed from the one before, in the order of the form. Only what a version holds: who may
 * reach a memory (audience, seal) and hiding it from the twin make no version, so they are not in its history.
 */
export function fieldChanges(before: MemoryVersion, after: MemoryVersion): FieldChange[] {
  const changes: FieldChange[] = [];
  const add = (label: string, a: string, b: string) => {
    if (a !== b) changes.push({ label, before: a, after: b });
  };
  add("Emotion", before.emotion, after.emotion);
  add("Category", categoryLabel(before.category), categoryLabel(after.category));
  add("Tags", tagList(before.tags), tagList(after.tags));
  add("Intensity", `${before.emotionalIntensity}/10`, `${after.emotionalIntensity}/10`);
  add("When it happened", when(before), when(after));
  return changes;
}
