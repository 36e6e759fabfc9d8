import { z } from "zod";
import { idempotencyKeySchema } from "../errors";
import {
  createMemorySchema,
  listMemoriesQuerySchema,
  setMemoriesAudienceResponseSchema,
  setMemoriesAudienceSchema,
  memoryListResponseSchema,
  memoryResponseSchema,
  memoryStatsResponseSchema,
  memoryTimelineQuerySchema,
  memoryTimelineResponseSchema,
  memoryVersionsResponseSchema,
  updateMemorySchema,
} from "../memories";
import { endpoints, type EndpointName } from "../endpoints";
import { ok, memoryId, type Endpoint } from "./shared";

/** The Memory Vault: memories, their versions, search, timeline and insights, and who may read them. */
export const memoryRoutes = {
  createMemory: {
    ...endpoints.createMemory,
    summary: "Stores a memory (201); a retry with the same Idempotency-Key answers the first one (200).",
    headers: z.object({ "idempotency-key": idempotencyKeySchema.optional() }),
    body: createMemorySchema,
    response: memoryResponseSchema,
  },
  listMemories: { ...endpoints.listMemories, summary: "A page of the vault, newest first, or the matches of a search.", query: listMemoriesQuerySchema, response: memoryListResponseSchema },
  getMemoryStats: { ...endpoints.getMemoryStats, summary: "The vault's insights: counts by emotion and category, and what the twin may use.", response: memoryStatsResponseSchema },
  getMemoryTimeline: {
    ...endpoints.getMemoryTimeline,
    summary: "The vault by decade of when the memories happened: the decades with their counts, the undated count, and one decade's memories in time order.",
    query: memoryTimelineQuerySchema,
    response: memoryTimelineResponseSchema,
  },
  getMemory: { ...endpoints.getMemory, ...memoryId, summary: "One memory.", response: memoryResponseSchema },
  listMemoryVersions: { ...endpoints.listMemoryVersions, ...memoryId, summary: "Every version of one memory, newest first.", response: memoryVersionsResponseSchema },
  updateMemory: { ...endpoints.updateMemory, ...memoryId, summary: "Edits a memory (a new version) or hides it from the twin (no new version).", body: updateMemorySchema, response: memoryResponseSchema },
  deleteMemory: { ...endpoints.deleteMemory, ...memoryId, summary: "Deletes a memory and its history.", response: ok },
  setMemoriesAudience: {
    ...endpoints.setMemoriesAudience,
    summary: "Gives several of the owner's memories one audience, all or none (404 if any is not theirs).",
    body: setMemoriesAudienceSchema,
    response: setMemoriesAudienceResponseSchema,
  },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
