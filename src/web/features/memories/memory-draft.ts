import { memoryMessages, type Emotion, type MemoryCategory } from "../../../contract/memory-options";
import type { Memory } from "../../../contract/memories";

/** What the add and edit forms hold while the person types. */
export interface MemoryDraft {
  content: string;
  emotion: Emotion | "";
  category: MemoryCategory;
  tags: string;
  emotionalIntensity: number;
}

export const emptyDraft: MemoryDraft = { content: "", emotion: "", category: "personal", tags: "", emotionalIntensity: 5 };

export const draftFromMemory = (memory: Memory): MemoryDraft => ({
  content: memory.content,
  emotion: memory.emotion,
  category: memory.category,
  tags: memory.tags.join(", "),
  emotionalIntensity: memory.emotionalIntensity,
});

export interface DraftErrors {
  content?: string;
  emotion?: string;
}

export function validateDraft(draft: MemoryDraft): DraftErrors {
  return {
    content: draft.content.trim() ? undefined : memoryMessages.contentRequired,
    emotion: draft.emotion ? undefined : memoryMessages.emotionRequired,
  };
}

export const isDraftComplete = (draft: MemoryDraft) => Boolean(draft.content.trim() && draft.emotion);
