import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { VoiceSession } from "../../../contract/voice";
import { callApi, uploadToApi } from "../../lib/api-client";
import { exportSummaryQuery, overviewKey } from "../../lib/queries";

const voiceKey = ["voice-sessions"] as const;
/** The clones list also carries the eligible audio, which every new or deleted session changes. */
export const voiceProfilesKey = ["voice-profiles"] as const;

/** The person's sessions (newest first) and the stats strip's totals. */
export const voiceSessionsQuery = queryOptions({ queryKey: voiceKey, queryFn: () => callApi("listVoiceSessions") });

/**
 * Every change to the sessions or clones refreshes the sessions and totals, the clones and eligible audio,
 * the overview's Voice Hours and the export's figures.
 */
export function useInvalidateVoice() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: voiceKey }),
      queryClient.invalidateQueries({ queryKey: voiceProfilesKey, exact: true }),
      queryClient.invalidateQueries({ queryKey: overviewKey }),
      queryClient.invalidateQueries({ queryKey: exportSummaryQuery.queryKey }),
    ]);
}

/**
 * Uploads one recording as the multipart field `audio`, after any text fields (a capture session's question and
 * signals); progress 20 (sent), 80 (server answered), 100 (list refreshed).
 */
export async function uploadRecording(blob: Blob, onProgress: (step: number) => void, refresh: () => Promise<unknown>, fields: Record<string, string> = {}): Promise<VoiceSession> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("audio", blob, "recording.webm");
  const { session } = await uploadToApi("uploadVoiceSession", form, { onProgress });
  await refresh();
  onProgress(100);
  return session;
}

export function useDeleteVoiceSession() {
  const invalidate = useInvalidateVoice();
  // Not awaited: the refetch unmounts the deleted row, and the caller's onSuccess must run before that.
  return useMutation({ mutationFn: (id: string) => callApi("deleteVoiceSession", undefined, { params: { id } }), onSuccess: () => void invalidate() });
}
