/**
 * The memory vault's plain constants, free of the validation library so the web client can import them at
 * runtime. `memories.ts` builds its schemas from these and re-exports them.
 */

/** The spec's ten emotions (default Reflection) and eight categories (default personal). */
export const emotionValues = ["Joy", "Love", "Pride", "Excitement", "Reflection", "Sadness", "Anger", "Fear", "Surprise", "Nostalgia"] as const;
export const memoryCategoryValues = ["personal", "family", "career", "relationships", "achievements", "travel", "learning", "creative"] as const;
/**
 * Who a memory is for (its audience), as the spec's `visibility`: `private` only the owner, never released; `family`
 * the owner's legacy contacts after release; `twin-only` the owner's own twin only: never shown to contacts, and their
 * twin does not use it (decision 0035); `public` anyone, on the memorial, after release.
 */
export const memoryVisibilityValues = ["private", "family", "twin-only", "public"] as const;
export type MemoryVisibility = (typeof memoryVisibilityValues)[number];
export const memoryVisibilityLabels: Record<MemoryVisibility, string> = {
  private: "Private",
  family: "Family",
  "twin-only": "Twin only",
  public: "Public",
};
/** A memory sealed until some days after release opens at most this long after it. */
export const SEAL_DAYS_MAX = 36_500;
/** How many memories one change of audience may touch. */
export const MEMORY_BULK_MAX = 100;
export type Emotion = (typeof emotionValues)[number];
export type MemoryCategory = (typeof memoryCategoryValues)[number];

export const MEMORY_CONTENT_MAX = 10_000;
export const MEMORY_TAGS_MAX = 20;
export const MEMORY_TAG_LENGTH_MAX = 40;
export const MEMORY_LIST_LIMIT_DEFAULT = 50;
export const MEMORY_LIST_LIMIT_MAX = 100;

export const memoryMessages = {
  contentRequired: "Please enter memory content",
  emotionRequired: "Please select an emotion",
  contentTooLong: `A memory has at most ${MEMORY_CONTENT_MAX} characters.`,
  categoryInvalid: "Please choose one of the memory categories.",
  tooManyTags: `A memory has at most ${MEMORY_TAGS_MAX} tags.`,
  tagTooLong: `A tag has at most ${MEMORY_TAG_LENGTH_MAX} characters.`,
  intensityInvalid: "Emotional intensity is a whole number from 1 to 10.",
  nothingToChange: "Nothing to change: send at least one field.",
  notFound: "We could not find that memory.",
  saveFailed: "Failed to save memory",
  loadFailed: "Failed to load memories",
  visibilityInvalid: "Choose who the memory is for: private, family, twin only or public.",
  sealDateInvalid: "A seal date must be a valid date in the future.",
  happenedOnInvalid: "Give when it happened as a year, a month and year, or a full date, not in the future.",
  sealDaysInvalid: `A seal after release lasts from 1 to ${SEAL_DAYS_MAX.toLocaleString("en-US")} days.`,
  bulkEmpty: "Choose at least one memory.",
  bulkTooMany: `Change at most ${MEMORY_BULK_MAX} memories at once.`,
} as const;

/**
 * Comma-separated tags: trimmed, empty ones dropped, kept in the case they were typed ("Jefferson Elementary" is a
 * name), and de-duplicated ignoring case (the first spelling wins). Tags written before issue 35 stay lower-case.
 */
export function parseTags(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input.split(",")) {
    const tag = raw.trim();
    const key = tagKey(tag);
    if (tag.length === 0 || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** What two tags are compared by: "Lake" and "lake" are one tag. */
const tagKey = (tag: string) => tag.toLocaleLowerCase("en-US");
