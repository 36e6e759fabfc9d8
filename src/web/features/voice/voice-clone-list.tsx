import { useQuery } from "@tanstack/react-query";
import type { VoiceProfile } from "../../../contract/voice";
import { voiceCloneMessages, type VoiceProviderName, type VoiceTrainingStatus } from "../../../contract/voice-options";
import { ApiError, messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { ConfirmDelete } from "../../ui/confirm-delete";
import { Spinner } from "../../ui/spinner";
import { formatDateTime, formatDuration } from "../../lib/format";
import { useDeleteVoiceProfile, voiceProfilesQuery } from "./voice-clone-queries";
import { FormulaLink } from "../../ui/formula-link";

const statusBadge: Record<VoiceTrainingStatus, [label: string, tone: string]> = {
  unsubmitted: ["Not submitted", "bg-stone-100 text-stone-800"],
  training: ["Training", "bg-violet-100 text-brand-strong"],
  ready: ["Ready", "bg-emerald-50 text-emerald-800"],
  error: ["Error", "bg-red-50 text-red-800"],
};

const engineName: Record<VoiceProviderName, string> = { local: "Offline engine", elevenlabs: "ElevenLabs" };

/**
 * Similarity is the clone's speaker similarity, 0 to 1 from the server, shown as a percent with one decimal (spec
 * section 9); "—" when there is none (not trained yet, or not measurable), and `similarityNote` says why.
 */
export const formatSimilarity = (similarity: number | null) => (similarity !== null ? `${(similarity * 100).toFixed(1)} %` : "—");

/** What the figure measures (docs/formulas.md, "Voice clone similarity"), or why a ready clone has none. */
export function similarityNote(profile: Pick<VoiceProfile, "similarity" | "status" | "provider">): string | null {
  if (profile.status !== "ready") return null;
  if (profile.similarity === null) {
    return profile.provider === "elevenlabs"
      ? "Similarity is not measured for ElevenLabs clones: this server cannot decode their audio, and measuring would spend your ElevenLabs characters."
      : "Similarity was not measured for this clone (trained before the current measure, or its speech had no voice to measure). Train it again to measure it.";
  }
  return "Similarity compares the clone reading a passage with your recordings on timbre (the sound of the voice, MFCCs) and pitch: 100 % is as alike as two recordings of one speaker, 0 % as different as two different people of similar pitch.";
}

/** "Your Voice Clones": every clone, newest first, with its state and figures, and a confirmed Delete. */
export function VoiceCloneList({ idPrefix = "voice-clones" }: { idPrefix?: string }) {
  const list = useQuery(voiceProfilesQuery);
  const profiles = list.data?.profiles;
  const headingId = `${idPrefix}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-xl font-semibold">
        Your Voice Clones{profiles ? ` (${profiles.length})` : ""}
      </h2>
      {profiles ? (
        profiles.length === 0 ? (
          <p className="text-muted">No voice clones yet. Record at least a minute of speech, then give your voice a name in “Clone My Voice” and press Train.</p>
        ) : (
          <ul className="grid gap-3">
            {profiles.map((profile) => (
              <CloneRow key={profile.id} profile={profile} />
            ))}
          </ul>
        )
      ) : list.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-red-800">Failed to load your voice clones.</p>
          <Button variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <Spinner label="Loading your voice clones…" />
      )}
    </section>
  );
}

function CloneRow({ profile }: { profile: VoiceProfile }) {
  const [label, tone] = statusBadge[profile.status];
  const note = similarityNote(profile);
  const figures: [term: string, value: string, testId: string][] = [
    ["Engine", profile.provider ? engineName[profile.provider] : "Not assigned", "clone-engine"],
    ["Created", formatDateTime(profile.createdAt), "clone-created"],
    ["Trained on", `${formatDuration(profile.trainedSeconds)} from ${profile.sessionCount} ${profile.sessionCount === 1 ? "session" : "sessions"}`, "clone-trained"],
    ["Similarity", formatSimilarity(profile.similarity), "clone-similarity"],
  ];
  return (
    <li data-testid="voice-clone" className="grid min-w-0 gap-2 rounded-xl border border-stone-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 break-words font-semibold">{profile.name}</h3>
        <span data-testid="clone-status" className={`rounded-full px-2 py-0.5 text-sm font-semibold ${tone}`}>
          {label}
        </span>
      </div>
      {profile.description && <p className="break-words text-muted">{profile.description}</p>}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {figures.map(([term, value, testId]) => (
          <div key={term} className="flex flex-wrap gap-x-1">
            <dt className="text-muted">{term}:</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      {note && (
        <p data-testid="clone-similarity-note" className="text-sm text-muted">
          {note} <FormulaLink topic="voiceCloneSimilarity" />
        </p>
      )}
      <DeleteCloneButton profile={profile} />
    </li>
  );
}

function DeleteCloneButton({ profile }: { profile: VoiceProfile }) {
  const remove = useDeleteVoiceProfile();
  return (
    <ConfirmDelete
      question={`Delete the voice “${profile.name}” for good?`}
      pending={remove.isPending}
      triggerLabel={`Delete voice clone ${profile.name}`}
      onConfirm={(cancel) =>
        remove.mutate(profile.id, {
          onSuccess: () => notifySuccess("Voice clone deleted", `${profile.name} was deleted.`),
          onError: (error) => {
            const offline = error instanceof ApiError && error.code === "offline";
            notifyError("Deletion Failed", offline ? voiceCloneMessages.deleteNetwork : messageOf(error, voiceCloneMessages.deleteNetwork));
            cancel();
          },
        })
      }
    />
  );
}
