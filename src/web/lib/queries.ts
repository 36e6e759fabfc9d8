import { queryOptions } from "@tanstack/react-query";
import { callApi } from "./api-client";

/**
 * Queries read or refreshed by more than one section: one key each, so a change anywhere (a memory saved, a recording
 * uploaded) refreshes every figure that depends on it.
 */

/** Every figure of Consciousness Home; the side panel reads the same query. */
export const overviewKey = ["overview"] as const;
export const overviewQuery = queryOptions({ queryKey: overviewKey, queryFn: () => callApi("getOverview") });

/** The figures and contents list at the top of the Data Export section. */
export const exportSummaryQuery = queryOptions({ queryKey: ["export-summary"], queryFn: () => callApi("getExportSummary") });
