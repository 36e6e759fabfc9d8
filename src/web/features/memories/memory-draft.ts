import { memoryMessages, SEAL_DAYS_MAX, type Emotion, type MemoryCategory, type MemoryVisibility } from "../../../contract/memory-options";
import type { Memory, MemorySeal } from "../../../contract/memories";

export type SealKind = "none" | MemorySeal["kind"];

/** What the add and edit forms hold while the person types. */
export interface MemoryDraft {
  content: string;
  emotion: Emotion | "";
  category: MemoryCategory;
  tags: string;
  emotionalIntensity: number;
  /** "" on a new memory: the server takes the profile's legacy preference. */
  visibility: MemoryVisibility | "";
  sealKind: SealKind;
  /** YYYY-MM-DD from the date input. */
  sealDate: string;
  sealDays: string;
  /** The seal date the memory had when editing began: kept as it is, it is not checked again (it may have opened). */
  storedSealDate?: string;
}

export const emptyDraft: MemoryDraft = { content: "", emotion: "", category: "personal", tags: "", emotionalIntensity: 5, visibility: "", sealKind: "none", sealDate: "", sealDays: "30" };

export const draftFromMemory = (memory: Memory): MemoryDraft => ({
  content: memory.content,
  emotion: memory.emotion,
  category: memory.category,
  tags: memory.tags.join(", "),
  emotionalIntensity: memory.emotionalIntensity,
  visibility: memory.visibility,
  sealKind: memory.seal?.kind ?? "none",
  sealDate: memory.seal?.kind === "until" ? memory.seal.date : "",
  storedSealDate: memory.seal?.kind === "until" ? memory.seal.date : undefined,
  sealDays: memory.seal?.kind === "daysAfterRelease" ? String(memory.seal.days) : "30",
});

/** The draft's seal as the API takes it (null: not sealed). */
export function sealOfDraft(draft: MemoryDraft): MemorySeal | null {
  if (draft.sealKind === "until") return { kind: "until", date: draft.sealDate };
  if (draft.sealKind === "daysAfterRelease") return { kind: "daysAfterRelease", days: Number(draft.sealDays) };
  return null;
}

export const sameSeal = (a: MemorySeal | null, b: MemorySeal | null) => JSON.stringify(a) === JSON.stringify(b);

export interface DraftErrors {
  content?: string;
  emotion?: string;
  seal?: string;
}

const today = () => new Date().toISOString().slice(0, 10);

function sealError(draft: MemoryDraft): string | undefined {
  if (draft.sealKind === "until" && draft.sealDate !== draft.storedSealDate && !(/^\d{4}-\d{2}-\d{2}$/.test(draft.sealDate) && draft.sealDate > today())) {
    return memoryMessages.sealDateInvalid;
  }
  if (draft.sealKind === "daysAfterRelease") {
    const days = Number(draft.sealDays);
    if (!Number.isInteger(days) || days < 1 || days > SEAL_DAYS_MAX) return memoryMessages.sealDaysInvalid;
  }
  return undefined;
}

export function validateDraft(draft: MemoryDraft): DraftErrors {
  return {
    content: draft.content.trim() ? undefined : memoryMessages.contentRequired,
    emotion: draft.emotion ? undefined : memoryMessages.emotionRequired,
    seal: sealError(draft),
  };
}

export const isDraftComplete = (draft: MemoryDraft) => Boolean(draft.content.trim() && draft.emotion && !sealError(draft));
