import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { VoiceConsent, VoiceConsentScope, VoiceSession } from "../../../contract/voice";
import { callApi, uploadToApi } from "../../lib/api-client";
import { useInvalidateVoice } from "./voice-queries";

const consentKey = ["voice-consent"] as const;

/** The consent in force, earlier ones, and today's statements to read. */
export const voiceConsentQuery = queryOptions({ queryKey: consentKey, queryFn: () => callApi("getVoiceConsent") });

/** A new or revoked consent changes the consent card, the clones (revoking deletes them) and the sessions list. */
function useRefreshConsent() {
  const queryClient = useQueryClient();
  const invalidateVoice = useInvalidateVoice();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: consentKey }), invalidateVoice()]);
}

/** Uploads the statement read aloud with its scope; progress 20 (sent), 80 (answered), 100 (refreshed). */
export function useRecordConsent() {
  const refresh = useRefreshConsent();
  return async (scope: VoiceConsentScope, day: string, blob: Blob, onProgress: (step: number) => void): Promise<{ consent: VoiceConsent; session: VoiceSession }> => {
    const form = new FormData();
    form.append("scope", scope);
    form.append("day", day);
    form.append("audio", blob, "consent.webm");
    const recorded = await uploadToApi("recordVoiceConsent", form, { onProgress });
    await refresh();
    onProgress(100);
    return recorded;
  };
}

export function useRevokeConsent() {
  const refresh = useRefreshConsent();
  return useMutation({ mutationFn: () => callApi("revokeVoiceConsent"), onSuccess: () => void refresh() });
}
