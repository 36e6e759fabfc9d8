import { queryOptions } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";

/** The figures and contents list at the top of the Data Export section. */
export const exportSummaryQuery = queryOptions({ queryKey: ["export-summary"], queryFn: () => callApi("getExportSummary") });
