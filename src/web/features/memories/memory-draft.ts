import { memoryMessages, SEAL_DAYS_MAX, type Emotion, type MemoryCategory, type MemoryVisibility } from "../../../contract/memory-options";
import type { Memory, MemorySeal } from "../../../contract/memories";
import { happenedOnOf, isValidHappenedOn, parseHappenedOn } from "../../../contract/memory-when";

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
  /** When it happened, as typed: a year, then optionally a month (1–12) and a day; "" for not given. */
  whenYear: string;
  whenMonth: string;
  whenDay: string;
}

export const emptyDraft: MemoryDraft = {
  content: "",
  emotion: "",
  category: "personal",
  tags: "",
  emotionalIntensity: 5,
  visibility: "",
  sealKind: "none",
  sealDate: "",
  sealDays: "30",
  whenYear: "",
  whenMonth: "",
  whenDay: "",
};

function whenFields(happenedOn: string | null): Pick<MemoryDraft, "whenYear" | "whenMonth" | "whenDay"> {
  const parts = happenedOn ? parseHappenedOn(happenedOn) : null;
  return { whenYear: parts ? String(parts.year) : "", whenMonth: parts?.month ? String(parts.month) : "", whenDay: parts?.day ? String(parts.day) : "" };
}

export const draftFromMemory = (memory: Memory): MemoryDraft => ({
  ...whenFields(memory.happenedOn),
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
  happenedOn?: string;
}

/** When it happened as the API takes it: null for nothing given, undefined when what was typed is not a real, past date. */
export function happenedOnOfDraft(draft: MemoryDraft): string | null | undefined {
  const year = draft.whenYear.trim();
  const month = draft.whenMonth;
  const day = draft.whenDay.trim();
  if (!year && !month && !day) return null;
  if (!/^\d{4}$/.test(year) || (day && (!month || !/^\d{1,2}$/.test(day)))) return undefined;
  const value = happenedOnOf(Number(year), month ? Number(month) : null, day ? Number(day) : null);
  return value !== null && isValidHappenedOn(value) ? value : undefined;
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
    happenedOn: happenedOnOfDraft(draft) === undefined ? memoryMessages.happenedOnInvalid : undefined,
  };
}

/**
 * What still stands between the draft and Save, in one sentence beside the disabled button (the spec keeps Save
 * disabled until content and an emotion are set; nothing said so). Undefined when it can be saved.
 */
export function stillNeededToSave(draft: MemoryDraft): string | undefined {
  const content = Boolean(draft.content.trim());
  if (!content && !draft.emotion) return "To save, write the memory and choose an emotion.";
  if (!draft.emotion) return "Choose an emotion to save this memory.";
  if (!content) return "Write the memory to save it.";
  if (sealError(draft) || happenedOnOfDraft(draft) === undefined) return "Correct the field marked above to save.";
  return undefined;
}

export const isDraftComplete = (draft: MemoryDraft) => Boolean(draft.content.trim() && draft.emotion && !sealError(draft) && happenedOnOfDraft(draft) !== undefined);
