import { z } from "zod";
import {
  emotionValues,
  MEMORY_CONTENT_MAX,
  MEMORY_LIST_LIMIT_DEFAULT,
  MEMORY_LIST_LIMIT_MAX,
  MEMORY_TAG_LENGTH_MAX,
  MEMORY_TAGS_MAX,
  memoryCategoryValues,
  memoryMessages,
  memoryVisibilityValues,
  MEMORY_BULK_MAX,
  parseTags,
  SEAL_DAYS_MAX,
} from "./memory-options";
import { isValidHappenedOn } from "./memory-when";

export * from "./memory-options";
export * from "./memory-when";

const contentSchema = z
  .string({ error: memoryMessages.contentRequired })
  .trim()
  .min(1, memoryMessages.contentRequired)
  .max(MEMORY_CONTENT_MAX, memoryMessages.contentTooLong);
const emotionSchema = z.enum(emotionValues, { error: memoryMessages.emotionRequired });
const categorySchema = z.enum(memoryCategoryValues, { error: memoryMessages.categoryInvalid });
const tagsSchema = z
  .string()
  .max(MEMORY_TAGS_MAX * (MEMORY_TAG_LENGTH_MAX + 2) * 2, memoryMessages.tooManyTags)
  .transform(parseTags)
  .refine((tags) => tags.length <= MEMORY_TAGS_MAX, memoryMessages.tooManyTags)
  .refine((tags) => tags.every((tag) => tag.length <= MEMORY_TAG_LENGTH_MAX), memoryMessages.tagTooLong);
const intensitySchema = z.number({ error: memoryMessages.intensityInvalid }).int(memoryMessages.intensityInvalid).min(1, memoryMessages.intensityInvalid).max(10, memoryMessages.intensityInvalid);

const visibilitySchema = z.enum(memoryVisibilityValues, { error: memoryMessages.visibilityInvalid });

/** When it happened: "1998", "1998-06" or "1998-06-14" (memory-when.ts); null for not known. */
export const happenedOnSchema = z.string({ error: memoryMessages.happenedOnInvalid }).trim().refine((value) => isValidHappenedOn(value), memoryMessages.happenedOnInvalid);

/**
 * A seal keeps a memory from everyone but its owner until a date (`until`, a calendar day, opening at its start in
 * UTC) or until some days after the owner's legacy is released (`daysAfterRelease`). `null` is no seal.
 */
export const memorySealSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({
      kind: z.literal("until"),
      // A seal that has already opened would seal nothing: the date must be after today (UTC).
      date: z.iso.date({ error: memoryMessages.sealDateInvalid }).refine((date) => date > new Date().toISOString().slice(0, 10), memoryMessages.sealDateInvalid),
    }),
    z.strictObject({
      kind: z.literal("daysAfterRelease"),
      days: z.number({ error: memoryMessages.sealDaysInvalid }).int(memoryMessages.sealDaysInvalid).min(1, memoryMessages.sealDaysInvalid).max(SEAL_DAYS_MAX, memoryMessages.sealDaysInvalid),
    }),
  ],
  { error: memoryMessages.sealDateInvalid },
);
export type MemorySeal = z.infer<typeof memorySealSchema>;

/** A stored seal as answers carry it: a date may have passed (the seal has opened), which only input refuses. */
const storedSealSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("until"), date: z.iso.date() }),
  z.object({ kind: z.literal("daysAfterRelease"), days: z.number().int() }),
]);

/**
 * Strict: user id, authenticity, version and timestamps belong to the server, so sending them is a 400. Without
 * `visibility` a memory takes its audience from the profile's legacy preference (private unless set).
 */
export const createMemorySchema = z.strictObject({
  content: contentSchema,
  emotion: emotionSchema,
  category: categorySchema.default("personal"),
  tags: tagsSchema.default([]),
  emotionalIntensity: intensitySchema.default(5),
  visibility: visibilitySchema.optional(),
  seal: memorySealSchema.nullable().default(null),
  happenedOn: happenedOnSchema.nullable().default(null),
});

export const updateMemorySchema = z
  .strictObject({
    content: contentSchema.optional(),
    emotion: emotionSchema.optional(),
    category: categorySchema.optional(),
    tags: tagsSchema.optional(),
    emotionalIntensity: intensitySchema.optional(),
    hiddenFromTwin: z.boolean().optional(),
    visibility: visibilitySchema.optional(),
    seal: memorySealSchema.nullable().optional(),
    happenedOn: happenedOnSchema.nullable().optional(),
    /** One of the owner's own recordings to play on this memory, or null to take it off (issue 34). Left out: unchanged. */
    recordingId: z.uuid({ error: "Choose one of your recordings." }).nullable().optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), memoryMessages.nothingToChange);

/** POST /api/memories/audience: one audience for several of the owner's memories, all or none. */
export const setMemoriesAudienceSchema = z.strictObject({
  ids: z
    .array(z.string({ error: memoryMessages.bulkEmpty }), { error: memoryMessages.bulkEmpty })
    .min(1, memoryMessages.bulkEmpty)
    .max(MEMORY_BULK_MAX, memoryMessages.bulkTooMany),
  visibility: visibilitySchema,
});
export const setMemoriesAudienceResponseSchema = z.object({ updated: z.number().int() });

/** Path parameter `:id`. A malformed id is answered like an unknown one (404 memory_not_found), not with a 400. */
export const memoryIdSchema = z.uuid();

const booleanString = z.enum(["true", "false"]).transform((v) => v === "true");

/**
 * Query of GET /api/memories. Without `q`, newest first; with `q`, full-text matches ranked first, then
 * close spellings (trigram). Hidden memories are INCLUDED by default (flagged `hiddenFromTwin`), because the
 * owner manages them here; `includeHidden=false` leaves them out (what the twin sees).
 */
export const listMemoriesQuerySchema = z.object({
  q: z.string().trim().max(200, "A search has at most 200 characters.").optional().transform((v) => (v ? v : undefined)),
  emotion: emotionSchema.optional(),
  category: categorySchema.optional(),
  includeHidden: booleanString.default(true),
  visibility: visibilitySchema.optional(),
  limit: z.coerce.number().int().min(1).max(MEMORY_LIST_LIMIT_MAX).default(MEMORY_LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListMemoriesQuery = z.output<typeof listMemoriesQuerySchema>;

export const memorySchema = z.object({
  id: z.string(),
  content: z.string(),
  emotion: z.enum(emotionValues),
  category: z.enum(memoryCategoryValues),
  tags: z.array(z.string()),
  emotionalIntensity: z.number().int(),
  authenticityScore: z.number().int(),
  hiddenFromTwin: z.boolean(),
  visibility: z.enum(memoryVisibilityValues),
  seal: storedSealSchema.nullable(),
  /** When it happened: "1998", "1998-06" or "1998-06-14"; null when not given. Separate from when it was written. */
  happenedOn: z.string().nullable(),
  version: z.number().int(),
  /** The question a memory saved from a capture session answers; null for one written in the vault. */
  context: z.string().nullable(),
  /** The recording it was spoken in (one of the owner's voice sessions), while that recording exists. */
  recordingId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Memory = z.infer<typeof memorySchema>;

export const memoryVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  content: z.string(),
  emotion: z.enum(emotionValues),
  category: z.enum(memoryCategoryValues),
  tags: z.array(z.string()),
  emotionalIntensity: z.number().int(),
  happenedOn: z.string().nullable(),
  createdAt: z.string(),
});
export type MemoryVersion = z.infer<typeof memoryVersionSchema>;

export const memoryResponseSchema = z.object({ memory: memorySchema });
export const memoryListResponseSchema = z.object({
  memories: z.array(memorySchema),
  total: z.number().int(),
  /** True when `total` is a lower bound: a search counts its matches only as far as it ranks them (200), "at least 200". */
  totalIsLowerBound: z.boolean(),
});
export const memoryVersionsResponseSchema = z.object({ versions: z.array(memoryVersionSchema) });

/**
 * GET /api/memories/timeline: the vault by decade of when the memories happened. `decade` (1990 for the 1990s) picks
 * whose memories come back, in time order; without it, the earliest decade that has any.
 */
export const memoryTimelineQuerySchema = z.object({
  decade: z.coerce
    .number({ error: "A decade is a year ending in 0, such as 1990." })
    .int("A decade is a year ending in 0, such as 1990.")
    .min(1000, "A decade is a year ending in 0, such as 1990.")
    .max(9990, "A decade is a year ending in 0, such as 1990.")
    .refine((year) => year % 10 === 0, "A decade is a year ending in 0, such as 1990.")
    .optional(),
  limit: z.coerce.number().int().min(1).max(MEMORY_LIST_LIMIT_MAX).default(MEMORY_LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type MemoryTimelineQuery = z.output<typeof memoryTimelineQuerySchema>;
export const memoryTimelineResponseSchema = z.object({
  /** Every decade with at least one memory, earliest first. */
  decades: z.array(z.object({ decade: z.number().int(), count: z.number().int() })),
  /** Memories with no "when it happened". */
  undated: z.number().int(),
  /** The decade shown (null when no memory has a date). */
  decade: z.number().int().nullable(),
  /** That decade's memories in time order (a year before its months, a month before its days), a page at a time. */
  memories: z.array(memorySchema),
  total: z.number().int(),
});
export type MemoryTimeline = z.infer<typeof memoryTimelineResponseSchema>;

/** Figures for the insights card and overview; averages are null when there are no memories. */
export const memoryStatsResponseSchema = z.object({
  total: z.number().int(),
  hidden: z.number().int(),
  /** Most memories first; equal counts by higher mean intensity, then by the more recent memory. */
  byEmotion: z.array(z.object({ emotion: z.enum(emotionValues), count: z.number().int(), meanIntensity: z.number() })),
  byCategory: z.array(z.object({ category: z.enum(memoryCategoryValues), count: z.number().int() })),
  averageAuthenticity: z.number().nullable(),
  averageIntensity: z.number().nullable(),
});
export type MemoryStats = z.infer<typeof memoryStatsResponseSchema>;
