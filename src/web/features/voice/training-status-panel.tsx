import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Loader2, RotateCcw, VolumeX } from "lucide-react";
import type { VoiceProfile } from "../../../contract/voice";
import { TRAINING_POLL_MS, voiceCloneMessages } from "../../../contract/voice-options";
import { messageOf } from "../../lib/api-client";
import { formatDuration } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { CloneTestCard } from "./clone-test-card";
import { newestProfile, useRetryVoiceProfile, useTrainingPoll, voiceProfilesQuery } from "./voice-clone-queries";

/**
 * The newest clone's state (spec section 4): training (re-read every 20 s), error with Retry, ready with the test card,
 * or an unavailable test card. Changes are announced politely, since they arrive without the person doing anything.
 */
export function TrainingStatusPanel({ idPrefix = "training" }: { idPrefix?: string }) {
  const list = useQuery(voiceProfilesQuery);
  const profile = newestProfile(list.data);
  const poll = useTrainingPoll(profile);
  const headingId = `${idPrefix}-heading`;

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-xl font-semibold">
        Training status
      </h2>
      {/* A sentence of its own: a live region around the cards would also read out the test card's typing. */}
      <p aria-live="polite" className="sr-only">
        {profile ? statusSentence(profile) : ""}
      </p>
      <div data-testid="training-status" data-status={profile?.status ?? "none"}>
        {!list.data && !list.isError ? (
          <Spinner label="Loading your voice clones…" />
        ) : profile?.status === "training" ? (
          <TrainingCard profile={profile} pollError={poll.isError ? poll.error : null} />
        ) : profile?.status === "error" ? (
          <ErrorCard profile={profile} />
        ) : profile?.status === "ready" && profile.voiceId ? (
          <CloneTestCard voiceId={profile.voiceId} voiceName={profile.name} idPrefix={`${idPrefix}-test`} />
        ) : (
          <UnavailableCard />
        )}
      </div>
    </section>
  );
}

function statusSentence(profile: VoiceProfile): string {
  if (profile.status === "training") return `${profile.name} is training.`;
  if (profile.status === "error") return `Training ${profile.name} failed.`;
  if (profile.status === "ready") return `${profile.name} is ready to test.`;
  return "";
}

function TrainingCard({ profile, pollError }: { profile: VoiceProfile; pollError: Error | null }) {
  return (
    <div className="grid gap-2 rounded-xl border border-violet-200 bg-violet-50 p-4">
      <h3 className="flex items-center gap-2 text-lg font-semibold">
        <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin text-brand" />
        Training in Progress…
      </h3>
      <p>
        <span className="font-medium">{profile.name}</span> is being trained from {profile.sessionCount} {profile.sessionCount === 1 ? "session" : "sessions"} (
        {formatDuration(profile.trainedSeconds)}). This page checks every {TRAINING_POLL_MS / 1000} seconds; you can leave it and come back.
      </p>
      {pollError && (
        <p role="alert" className="text-sm text-red-800">
          {pollError.message ? voiceCloneMessages.pollFailed(pollError.message) : voiceCloneMessages.pollFailedDefault}
        </p>
      )}
    </div>
  );
}

function ErrorCard({ profile }: { profile: VoiceProfile }) {
  const retry = useRetryVoiceProfile();
  const onRetry = () =>
    retry.mutate(profile.id, {
      onSuccess: () => notifySuccess("Training Started", voiceCloneMessages.trainingStartedToast),
      onError: (error) => notifyError("Voice Training Error", messageOf(error, voiceCloneMessages.submissionFailed)),
    });
  return (
    <div className="grid gap-2 rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 className="flex items-center gap-2 text-lg font-semibold text-red-900">
        <AlertTriangle aria-hidden="true" className="h-5 w-5" />
        Error Training Voice
      </h3>
      <p className="text-red-900" data-testid="training-error">
        {profile.error || voiceCloneMessages.unknownError}
      </p>
      <div>
        <Button variant="secondary" onClick={onRetry} disabled={retry.isPending}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {retry.isPending ? "Retrying…" : `Retry training ${profile.name}`}
        </Button>
      </div>
    </div>
  );
}

/** Nothing to test yet: said plainly, with what to do next. */
function UnavailableCard() {
  return (
    <div aria-disabled="true" data-testid="clone-test-unavailable" className="grid gap-1 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-4 text-muted">
      <h3 className="flex items-center gap-2 text-lg font-semibold">
        <VolumeX aria-hidden="true" className="h-5 w-5" />
        Clone Test (Unavailable)
      </h3>
      <p>Train a voice with the form above; once it is ready you can type text here and hear it spoken.</p>
    </div>
  );
}
