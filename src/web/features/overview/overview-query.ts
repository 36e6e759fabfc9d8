import { queryOptions } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";

/** One key for every figure of Consciousness Home; the side panel reads the same query. */
export const overviewKey = ["overview"] as const;

export const overviewQuery = queryOptions({ queryKey: overviewKey, queryFn: () => callApi("getOverview") });
