import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { BodyOf } from "../../../contract/routes";
import { callApi } from "../../lib/api-client";
import { exportSummaryQuery, overviewKey } from "../../lib/queries";

const promptsKey = ["capture", "prompts"] as const;

/** The questions not yet answered, in the order the session offers them. */
export const capturePromptsQuery = queryOptions({ queryKey: promptsKey, queryFn: () => callApi("getCapturePrompts") });

/** Saves an answer to the vault; the questions, the vault, the overview's figures and the export's counts change. */
export function useSaveCaptureAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<"saveCaptureAnswer">) => callApi("saveCaptureAnswer", body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: promptsKey }),
        client.invalidateQueries({ queryKey: ["memories"] }),
        client.invalidateQueries({ queryKey: overviewKey }),
        client.invalidateQueries({ queryKey: exportSummaryQuery.queryKey }),
      ]),
  });
}
