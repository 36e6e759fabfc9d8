import { useQuery } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { VOICE_DESCRIPTION_MAX, VOICE_MIN_CLIP_SECONDS, VOICE_NAME_MAX, voiceCloneMessages, voiceConsentMessages } from "../../../contract/voice-options";
import { ApiError, messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { TextAreaField, TextField } from "../../ui/field";
import { Spinner } from "../../ui/spinner";
import { EligibleAudio } from "./eligible-audio";
import { newestProfile, useCreateVoiceProfile, voiceProfilesQuery } from "./voice-clone-queries";
import { voiceConsentQuery } from "./voice-consent-queries";

interface Props {
  /** Keeps ids unique when the form appears twice on one page (the Capture screen has its own). */
  idPrefix?: string;
  /** Where this page lets a person record more audio (the copy says so). */
  recordWhere?: "above" | "capture";
  headingLevel?: 2 | 3;
}

const notEnoughAudio = () => notifyError("Not Enough Audio", voiceCloneMessages.notEnoughAudioToast);

/**
 * "Clone My Voice": name, optional description, the eligible audio against the minimum, and Train. It reads the clones
 * list itself, so it can sit on any page. The server re-checks everything; the client check only saves a round trip.
 */
export function CloneVoiceForm({ idPrefix = "clone-voice", headingLevel = 2, recordWhere = "above" }: Props) {
  const list = useQuery(voiceProfilesQuery);
  const consent = useQuery(voiceConsentQuery);
  const needsConsent = consent.data !== undefined && consent.data.current === null;
  const create = useCreateVoiceProfile();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState("");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `${idPrefix}-heading`;

  // Once per failure (not per render): the spec's toast, beside the inline message below.
  useEffect(() => {
    if (list.isError) notifyError("Session Fetch Failed", voiceCloneMessages.sessionsFetchFailed);
  }, [list.isError, list.errorUpdatedAt]);

  const training = newestProfile(list.data)?.status === "training";
  const busy = create.isPending;
  const canTrain = name.trim().length > 0 && !busy && !training && !needsConsent;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(voiceCloneMessages.nameRequired);
    if (!canTrain) return;
    const eligible = list.data?.eligible;
    if (eligible && eligible.seconds < eligible.minimumSeconds) return notEnoughAudio();
    setNameError(undefined);
    create.mutate(
      { name: trimmed, description: description.trim() || null },
      {
        onSuccess: () => {
          notifySuccess("Training Started", voiceCloneMessages.trainingStartedToast);
          setAnnouncement(`Training of ${trimmed} started.`);
          setName("");
          setDescription("");
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "voice_not_enough_audio") return notEnoughAudio();
          if (error instanceof ApiError && error.code === "voice_already_submitted") return notifyError("Already Training", voiceCloneMessages.alreadyTrainingToast);
          if (error instanceof ApiError && error.code === "voice_consent_required") return notifyError("Voice consent needed", voiceConsentMessages.required);
          if (error instanceof ApiError && error.fields?.name) setNameError(error.fields.name);
          notifyError("Voice Training Error", messageOf(error, voiceCloneMessages.submissionFailed));
        },
      },
    );
  };

  const engine = list.data?.engine;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <div>
        <Heading id={headingId} className="flex items-center gap-2 text-xl font-semibold">
          <Sparkles aria-hidden="true" className="h-5 w-5 text-brand" />
          Clone My Voice
        </Heading>
        <p className="mt-1 text-sm text-muted">
          Your saved sessions train a voice that can read text aloud as you. Sessions of {VOICE_MIN_CLIP_SECONDS} seconds or more that no clone uses yet count.
        </p>
      </div>

      {engine && (
        <p data-testid="voice-engine-note" className={`rounded-xl p-3 text-sm ${engine.approximation ? "border border-amber-200 bg-amber-50 text-amber-950" : "bg-stone-50 text-muted"}`}>
          {engine.approximation && <span className="font-semibold">An approximation, not a neural clone: </span>}
          {engine.description}
        </p>
      )}

      {needsConsent && (
        <p data-testid="consent-needed" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-950">
          Before any clone is trained, record your voice consent: you read a short statement saying who may hear your voice.{" "}
          <Link to="/dashboard/legacy#voice-consent" className="font-medium underline">
            Record your voice consent
          </Link>
        </p>
      )}

      {list.data ? (
        <EligibleAudio
          eligible={list.data.eligible}
          id={`${idPrefix}-eligible`}
          recordWhere={recordWhere}
          hasReadyClone={list.data.profiles.some((p) => p.status === "ready")}
        />
      ) : list.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3">
          <p className="text-red-800">{voiceCloneMessages.sessionsFetchFailed}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <Spinner label="Checking your recorded audio…" />
      )}

      <form onSubmit={onSubmit} noValidate className="grid gap-3">
        <TextField
          id={`${idPrefix}-name`}
          label="Voice name"
          value={name}
          required
          maxLength={VOICE_NAME_MAX}
          autoComplete="off"
          error={nameError}
          onChange={(e) => {
            setName(e.target.value);
            if (nameError) setNameError(undefined);
          }}
        />
        <TextAreaField
          id={`${idPrefix}-description`}
          label={
            <>
              Description <span className="font-normal text-muted">(optional)</span>
            </>
          }
          rows={2}
          maxLength={VOICE_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!canTrain} aria-describedby={training ? `${idPrefix}-training-note` : needsConsent ? `${idPrefix}-consent-note` : undefined}>
            {busy ? "Submitting…" : "Train"}
          </Button>
          {needsConsent && !training && (
            <p id={`${idPrefix}-consent-note`} className="text-sm text-muted">
              Training is available once your voice consent is recorded.
            </p>
          )}
          {training && (
            <p id={`${idPrefix}-training-note`} className="text-sm text-muted">
              A voice is training now; you can train another once it is done.
            </p>
          )}
        </div>
      </form>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
