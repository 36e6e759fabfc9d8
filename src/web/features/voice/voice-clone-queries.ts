import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { CreateVoiceProfileRequest, VoiceProfile, VoiceProfiles } from "../../../contract/voice";
import { TRAINING_POLL_MS } from "../../../contract/voice-options";
import { callApi } from "../../lib/api-client";
import { useInvalidateVoice, voiceProfilesKey as profilesKey } from "./voice-queries";

/** The clones (newest first), the audio that could train a new one, and which engine trains it. */
export const voiceProfilesQuery = queryOptions({ queryKey: profilesKey, queryFn: () => callApi("listVoiceProfiles") });

/** The newest clone: the one the training panel follows and the form waits for. */
export const newestProfile = (data: VoiceProfiles | undefined): VoiceProfile | undefined => data?.profiles[0];

/** The newest clone that can speak (ready with an engine voice id), or undefined. */
export const newestReadyVoice = (data: VoiceProfiles | undefined): VoiceProfile | undefined =>
  data?.profiles.find((p) => p.status === "ready" && p.voiceId !== null);

/** Puts one profile's new state into the cached list, so the panel and the list agree before the next refetch. */
function replaceProfile(queryClient: QueryClient, profile: VoiceProfile) {
  queryClient.setQueryData(profilesKey, (old: VoiceProfiles | undefined) => {
    if (!old) return old;
    const known = old.profiles.some((p) => p.id === profile.id);
    return { ...old, profiles: known ? old.profiles.map((p) => (p.id === profile.id ? profile : p)) : [profile, ...old.profiles] };
  });
}

/**
 * Re-reads the newest profile every TRAINING_POLL_MS while it is training (spec section 4); the answer goes into the
 * list's cache, and once training ended everything is refreshed. Enabled from the list's state, so a retried profile
 * is followed again. No retries: a failed poll is shown, and the next interval tries again.
 */
export function useTrainingPoll(profile: VoiceProfile | undefined) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateVoice();
  const id = profile?.id ?? "";
  return useQuery({
    queryKey: [...profilesKey, "poll", id],
    queryFn: async () => {
      const { profile: fresh } = await callApi("getVoiceProfile", undefined, { params: { id } });
      replaceProfile(queryClient, fresh);
      if (fresh.status !== "training") void invalidate();
      return fresh;
    },
    enabled: profile?.status === "training",
    // The list just said "training": the first re-read is due one interval later, not at once.
    initialData: profile,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: TRAINING_POLL_MS,
    refetchInterval: TRAINING_POLL_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Creates a clone and submits its training. The server attaches the eligible sessions, hence the full voice refresh. */
export function useCreateVoiceProfile() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateVoice();
  return useMutation({
    mutationFn: (request: CreateVoiceProfileRequest) => callApi("createVoiceProfile", request),
    onSuccess: ({ profile }) => {
      replaceProfile(queryClient, profile);
      void invalidate();
    },
  });
}

/** Submits a failed clone's training again. */
export function useRetryVoiceProfile() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateVoice();
  return useMutation({
    mutationFn: (id: string) => callApi("retryVoiceProfile", undefined, { params: { id } }),
    onSuccess: ({ profile }) => {
      replaceProfile(queryClient, profile);
      void invalidate();
    },
  });
}

export function useDeleteVoiceProfile() {
  const invalidate = useInvalidateVoice();
  // Not awaited: the refetch unmounts the deleted row, and the caller's onSuccess must run before that.
  return useMutation({ mutationFn: (id: string) => callApi("deleteVoiceProfile", undefined, { params: { id } }), onSuccess: () => void invalidate() });
}
