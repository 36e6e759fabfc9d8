import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { MEMORY_LIST_LIMIT_MAX, type MemoryCategory } from "../../../contract/memory-options";
import { callApi } from "../../lib/api-client";

/** Under "memories", so that every change to a memory (useInvalidateMemories) refreshes the network's sets too. */
const graphKey = ["memories", "graph"] as const;

/** The decades that have memories, with their counts (the timeline's list; its one memory is not used). */
export const graphDecadesQuery = queryOptions({
  queryKey: [...graphKey, "decades"],
  queryFn: () => callApi("getMemoryTimeline", undefined, { query: { limit: 1 } }),
  select: (timeline) => timeline.decades,
});

/**
 * The memories of one theme or one decade, from the whole vault rather than from the page's list (the newest 50), so
 * the oldest memories can appear. The newest 100 of a theme, or a decade's first 100 in time order.
 */
export const graphThemeQuery = (category: MemoryCategory) =>
  queryOptions({
    queryKey: [...graphKey, "theme", category],
    queryFn: () => callApi("listMemories", undefined, { query: { category, limit: MEMORY_LIST_LIMIT_MAX } }),
    placeholderData: keepPreviousData,
  });

export const graphDecadeQuery = (decade: number) =>
  queryOptions({
    queryKey: [...graphKey, "decade", decade],
    queryFn: () => callApi("getMemoryTimeline", undefined, { query: { decade, limit: MEMORY_LIST_LIMIT_MAX } }),
    placeholderData: keepPreviousData,
  });
