import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Emotion, MemoryCategory, MemoryVisibility } from "../../../contract/memory-options";
import type { BodyOf } from "../../../contract/routes";
import { callApi } from "../../lib/api-client";
import { overviewKey } from "../../lib/queries";
import { nextOffset } from "../../lib/pages";

export interface MemoryFilters {
  q: string;
  emotion: Emotion | "";
  category: MemoryCategory | "";
  visibility: MemoryVisibility | "";
  showHidden: boolean;
}

const memoriesKey = ["memories"] as const;

export const memoryListQuery = (filters: MemoryFilters) =>
  queryOptions({
    queryKey: [...memoriesKey, "list", filters],
    queryFn: () =>
      callApi("listMemories", undefined, {
        query: {
          q: filters.q.trim() || undefined,
          emotion: filters.emotion || undefined,
          category: filters.category || undefined,
          visibility: filters.visibility || undefined,
          includeHidden: filters.showHidden ? undefined : false,
        },
      }),
    placeholderData: (previous) => previous,
  });

/** The vault by decade: `decade` null asks for the earliest one; its memories a page at a time, in time order. */
export const memoryTimelineQuery = (decade: number | null) =>
  infiniteQueryOptions({
    queryKey: [...memoriesKey, "timeline", decade],
    queryFn: ({ pageParam }) => callApi("getMemoryTimeline", undefined, { query: { decade: decade ?? undefined, offset: pageParam, limit: 50 } }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    placeholderData: (previous) => previous,
  });

export const memoryStatsQuery = queryOptions({ queryKey: [...memoriesKey, "stats"], queryFn: () => callApi("getMemoryStats") });

/** One memory by id: the Memory Vault's "Cited memory" panel, for a memory the twin cited that the list does not show. */
export const memoryQuery = (id: string) =>
  queryOptions({ queryKey: [...memoriesKey, "one", id], queryFn: () => callApi("getMemory", undefined, { params: { id } }), retry: false });

export const memoryVersionsQuery = (id: string) =>
  queryOptions({ queryKey: [...memoriesKey, "versions", id], queryFn: () => callApi("listMemoryVersions", undefined, { params: { id } }) });

/** Every change to a memory refreshes the list, the stats and the histories, and the overview's figures (home and side panel). */
function useInvalidateMemories() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: memoriesKey }), queryClient.invalidateQueries({ queryKey: overviewKey })]);
}

export function useCreateMemory() {
  const invalidate = useInvalidateMemories();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BodyOf<"createMemory">; idempotencyKey: string }) => callApi("createMemory", body, { idempotencyKey }),
    onSuccess: invalidate,
  });
}

export function useUpdateMemory() {
  const invalidate = useInvalidateMemories();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: BodyOf<"updateMemory"> }) => callApi("updateMemory", patch, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteMemory() {
  const invalidate = useInvalidateMemories();
  // Not awaited: the refetch unmounts the deleted card, and the caller's onSuccess must run before that.
  return useMutation({ mutationFn: (id: string) => callApi("deleteMemory", undefined, { params: { id } }), onSuccess: () => void invalidate() });
}

/** One audience for several memories at once (the vault's selection). */
export function useSetMemoriesAudience() {
  const invalidate = useInvalidateMemories();
  return useMutation({ mutationFn: (body: BodyOf<"setMemoriesAudience">) => callApi("setMemoriesAudience", body), onSuccess: invalidate });
}
