import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BodyOf } from "../../../contract/routes";
import { ApiError, callApi } from "../../lib/api-client";
import { exportSummaryQuery, overviewKey } from "../../lib/queries";

const promptsKey = ["capture", "prompts"] as const;

/** The questions not yet answered, in the order the session offers them. */
// Not refetched when the window regains focus: the question on screen must not change under a person mid-answer.
export const capturePromptsQuery = queryOptions({ queryKey: promptsKey, queryFn: () => callApi("getCapturePrompts"), refetchOnWindowFocus: false });

/** Reads the questions again: a recording stored or deleted changes which question has one waiting. */
export function useInvalidateCapturePrompts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: promptsKey });
}

/** Saves an answer to the vault; the questions, the vault, the overview's figures and the export's counts change. */
export function useSaveCaptureAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BodyOf<"saveCaptureAnswer">; idempotencyKey: string }) => callApi("saveCaptureAnswer", body, { idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: promptsKey }),
        client.invalidateQueries({ queryKey: ["memories"] }),
        client.invalidateQueries({ queryKey: overviewKey }),
        client.invalidateQueries({ queryKey: exportSummaryQuery.queryKey }),
      ]),
    // Another tab saved this recording's answer first: the message says it is in the vault, so the vault and the counts
    // are read afresh. The questions are not: the one on screen keeps this tab's words, which may differ, until the
    // person skips it or leaves.
    onError: (error) =>
      error instanceof ApiError && error.code === "capture_answer_exists"
        ? Promise.all([
            client.invalidateQueries({ queryKey: ["memories"] }),
            client.invalidateQueries({ queryKey: overviewKey }),
            client.invalidateQueries({ queryKey: exportSummaryQuery.queryKey }),
          ])
        : undefined,
  });
}

/**
 * A recording's transcript, read every 1.5 seconds while the job worker is at it. A capture answer's recording is
 * queued for transcription by the server as it is stored; one that never was (the hourly limit) is asked for here,
 * once. A failed one stays failed until the person asks again (`retry`).
 */
export function useTranscript(recordingId: string | null, enabled: boolean) {
  const client = useQueryClient();
  const key = ["capture", "transcript", recordingId] as const;
  const query = useQuery({
    queryKey: key,
    enabled: enabled && recordingId !== null,
    queryFn: async () => {
      const params = { params: { id: recordingId! } };
      const { transcript } = await callApi("getVoiceTranscript", undefined, params);
      // Never asked for: ask now (once; a failure is shown, not asked again by itself).
      return transcript ?? (await callApi("transcribeVoiceSession", undefined, params)).transcript;
    },
    refetchInterval: (q) => (q.state.data?.status === "pending" ? 1500 : false),
    refetchOnWindowFocus: false,
    retry: false,
  });
  const retry = useMutation({
    mutationFn: () => callApi("transcribeVoiceSession", undefined, { params: { id: recordingId! } }),
    onSuccess: ({ transcript }) => client.setQueryData(key, transcript),
  });
  return { query, retry };
}
