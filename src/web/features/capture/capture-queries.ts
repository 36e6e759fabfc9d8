import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

/**
 * A recording's transcript: asked for once the recording is saved (when the server can transcribe), then read every
 * 1.5 seconds while the job worker is at it.
 */
export function useTranscript(recordingId: string | null, enabled: boolean) {
  const key = ["capture", "transcript", recordingId] as const;
  return useQuery({
    queryKey: key,
    enabled: enabled && recordingId !== null,
    queryFn: async () => {
      const params = { params: { id: recordingId! } };
      const { transcript } = await callApi("getVoiceTranscript", undefined, params);
      // Not asked for yet (or failed before): ask now.
      return transcript && transcript.status !== "failed" ? transcript : (await callApi("transcribeVoiceSession", undefined, params)).transcript;
    },
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 1500 : false),
    refetchOnWindowFocus: false,
    retry: false,
  });
}
