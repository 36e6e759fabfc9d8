import { useQuery } from "@tanstack/react-query";
import { Mic, Save, ShieldCheck, Square } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { VoiceConsent, VoiceConsentState } from "../../../contract/voice";
import {
  statementDate,
  voiceConsentMessages,
  voiceConsentScopeHints,
  voiceConsentScopeLabels,
  voiceConsentScopes,
  voiceConsentStatement,
  type VoiceConsentScope,
} from "../../../contract/voice-options";
import { buildPath, messageOf } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { ConfirmDelete } from "../../ui/confirm-delete";
import { LoadFailed } from "../../ui/load-failed";
import { ProgressBar } from "../../ui/progress-bar";
import { Spinner } from "../../ui/spinner";
import { formatClock } from "./format";
import { useRecorder } from "./use-recorder";
import { useRecordConsent, useRevokeConsent, voiceConsentQuery } from "./voice-consent-queries";
import { Waveform } from "./waveform";
import { endpoints } from "../../../contract/endpoints";
import { FormulaLink } from "../../ui/formula-link";
import { RecordingPlayer } from "../../ui/recording-player";

/** Today in the reader's time zone, YYYY-MM-DD. */
const localDay = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

const audioUrl = (sessionId: string) => buildPath(endpoints.getVoiceSessionAudio.path, { params: { id: sessionId } });

/** Pick who may hear the voice, read the statement aloud, listen back, save. */
function ConsentRecorder({ state, onDone, onCancel }: { state: VoiceConsentState; onDone?: () => void; onCancel?: () => void }) {
  const [scope, setScope] = useState<VoiceConsentScope>(state.current?.scope ?? "only-me");
  // The reader's own today, fixed when the card opens: the statement names it and the server stores it as read.
  const [day] = useState(localDay);
  const recorder = useRecorder();
  const record = useRecordConsent();
  const { status } = recorder;
  const statement = voiceConsentStatement(state.name, statementDate(day), scope);
  const tooShort = recorder.recording !== null && recorder.recording.duration < state.minimumSeconds;

  // Readings the check could not hear: after the second, what was heard stays on the card with what helps.
  const [unheard, setUnheard] = useState<{ count: number; message: string }>({ count: 0, message: "" });
  const save = async () => {
    const result = await recorder.save(async (blob, onProgress) => (await record(scope, day, blob, onProgress)).session);
    if (result.ok) {
      notifySuccess("Voice consent recorded", voiceConsentMessages.recorded);
      recorder.reset();
      onDone?.();
      return;
    }
    notifyError("Could not save your consent", result.message);
    if (result.message.startsWith(voiceConsentMessages.notHeardStart)) setUnheard((u) => ({ count: u.count + 1, message: result.message }));
  };

  return (
    <div className="grid gap-4">
      {/* Fixed once a reading exists: the recording must say what the saved consent says. */}
      <fieldset className="grid gap-2" disabled={status === "recording" || recorder.recording !== null}>
        <legend className="font-medium">Who may hear your voice?</legend>
        {recorder.recording !== null && <p className="text-sm text-muted">To choose differently, discard this reading first.</p>}
        {voiceConsentScopes.map((value) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-brand">
            <input type="radio" name="consent-scope" value={value} checked={scope === value} onChange={() => setScope(value)} className="mt-1 h-4 w-4" />
            <span>
              <span className="font-medium">{voiceConsentScopeLabels[value]}</span>
              <span className="block text-sm text-muted">{voiceConsentScopeHints[value]}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <figure className="grid gap-2">
        <figcaption className="font-medium">Read this aloud, at your own pace:</figcaption>
        <blockquote data-testid="consent-statement" className="rounded-xl border-l-4 border-brand bg-stone-50 p-4 text-lg leading-relaxed [overflow-wrap:anywhere]">
          {statement}
        </blockquote>
      </figure>

      <div className="flex flex-wrap items-center gap-3">
        {status === "recording" ? (
          <Button onClick={recorder.stop} className="bg-red-700 hover:bg-red-800">
            <Square aria-hidden="true" className="h-4 w-4" />
            Stop recording
          </Button>
        ) : (
          <Button onClick={() => void recorder.start()} disabled={status === "initializing" || status === "uploading" || status === "error"}>
            <Mic aria-hidden="true" className="h-4 w-4" />
            {status === "initializing" ? "Starting…" : recorder.recording ? "Record again" : "Start recording"}
          </Button>
        )}
        <span role="timer" aria-label="Consent recording time" className="font-mono text-xl tabular-nums">
          {formatClock(recorder.seconds)}
        </span>
        {onCancel && status !== "recording" && status !== "uploading" && (
          <Button
            variant="secondary"
            onClick={() => {
              recorder.reset();
              onCancel();
            }}
          >
            Keep my current consent
          </Button>
        )}
      </div>
      {status === "recording" && <Waveform levels={recorder.levels} recording />}

      {unheard.count >= 2 && (
        <div role="status" data-testid="consent-tips" className="grid gap-1 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p>{unheard.message}</p>
          <p>{voiceConsentMessages.notHeardTips}</p>
        </div>
      )}

      {recorder.error && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-red-800">{recorder.error}</p>
          <Button variant="secondary" className="mt-2" onClick={recorder.retry}>
            Retry
          </Button>
        </div>
      )}

      {recorder.recording && (status === "stopped" || status === "uploading") && (
        <div className="grid gap-3 rounded-xl bg-stone-50 p-3">
          <p className="font-medium">Your reading ({formatClock(recorder.recording.duration)})</p>
          <audio controls src={recorder.recording.audioUrl} aria-label="Preview of your consent recording" className="w-full" />
          {tooShort && (
            <p role="alert" className="text-red-800">
              {voiceConsentMessages.tooShort}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void save()} disabled={status === "uploading" || tooShort}>
              <Save aria-hidden="true" className="h-4 w-4" />
              {status === "uploading" ? "Saving…" : "Save my consent"}
            </Button>
            <Button variant="secondary" onClick={recorder.reset} disabled={status === "uploading"}>
              Discard
            </Button>
          </div>
          {status === "uploading" && (
            <div>
              <span id="consent-upload-label" className="text-sm text-muted">
                Saving your consent: {recorder.progress}%
              </span>
              <ProgressBar labelledBy="consent-upload-label" value={recorder.progress} className="mt-1" />
            </div>
          )}
          {recorder.uploadError && (
            <p role="alert" className="text-red-800">
              {recorder.uploadError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** Whether the recording was checked against the statement (docs/formulas.md, "Voice consent check"). */
export function ConsentCheckNote({ consent }: { consent: Pick<VoiceConsent, "check" | "phrasesHeard" | "phrasesListened"> }) {
  if (consent.check === "not-checked") {
    return (
      <p data-testid="consent-check" className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
        <strong>{voiceConsentMessages.notCheckedLabel}.</strong> {voiceConsentMessages.notChecked}
      </p>
    );
  }
  return (
    <p data-testid="consent-check" className="text-sm">
      Checked against the statement by the offline speech recogniser: it heard {consent.phrasesHeard} of the {consent.phrasesListened} words or phrases of the statement it
      listened for, including the words of your chosen audience. <FormulaLink topic="voiceConsentCheck" />
    </p>
  );
}

function ConsentInForce({ consent }: { consent: VoiceConsent }) {
  const revoke = useRevokeConsent();
  return (
    <div data-testid="consent-in-force" className="grid gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldCheck aria-hidden="true" className="h-5 w-5" />
        In force since {formatDateTime(consent.createdAt)}: {voiceConsentScopeLabels[consent.scope]}
      </p>
      <blockquote className="border-l-4 border-emerald-300 pl-3 [overflow-wrap:anywhere]">{consent.statement}</blockquote>
      <RecordingPlayer src={audioUrl(consent.voiceSessionId)} label="Your consent recording" />
      <p className="text-sm">
        Recording of {formatClock(consent.durationSeconds)}, fingerprint (SHA-256) <code className="break-all">{consent.sha256}</code>
      </p>
      <ConsentCheckNote consent={consent} />
      <ConfirmDelete
        actionLabel="Revoke consent"
        question="Revoke your voice consent? Every voice clone is deleted (including any kept at ElevenLabs) and your voice stops speaking now. This recording stays as the record."
        pending={revoke.isPending}
        onConfirm={(cancel) =>
          revoke.mutate(undefined, {
            onSuccess: (result) => notifySuccess("Voice consent revoked", result.message),
            onError: (error) => {
              cancel();
              notifyError("Could not revoke your consent", messageOf(error));
            },
          })
        }
      />
    </div>
  );
}

function History({ consents }: { consents: VoiceConsent[] }) {
  if (consents.length === 0) return null;
  return (
    <details className="rounded-xl border border-stone-200 p-3">
      <summary className="min-h-11 cursor-pointer py-2 font-medium">Earlier consents ({consents.length})</summary>
      <ul className="mt-2 grid gap-2">
        {consents.map((c) => (
          <li key={c.id} className="text-sm">
            {voiceConsentScopeLabels[c.scope]}, given {formatDateTime(c.createdAt)},{" "}
            {c.replaced ? `replaced by a newer consent on ${formatDateTime(c.revokedAt!)}` : `revoked on ${formatDateTime(c.revokedAt!)}`}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The "voice will": before any clone is trained, the owner reads a statement naming themselves, the date and who may
 * hear the voice. Revoking it deletes every clone.
 */
export function VoiceConsentCard() {
  const consent = useQuery(voiceConsentQuery);
  const [changing, setChanging] = useState(false);
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Arriving from "Record your voice consent" elsewhere: bring the card into view once it has content.
  useEffect(() => {
    if (location.hash === "#voice-consent" && consent.isSuccess) {
      headingRef.current?.scrollIntoView({ block: "start" });
      headingRef.current?.focus();
    }
  }, [location.hash, consent.isSuccess]);
  return (
    <section id="voice-consent" aria-labelledby="voice-consent-heading" className="grid min-w-0 gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id="voice-consent-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
          Voice consent
        </h2>
        <p className="mt-1 text-muted">
          Nobody may make your voice speak without your word, in your own voice. Record yourself reading the statement below; no voice clone is trained or speaks until you do,
          and revoking it deletes every clone.
        </p>
      </div>
      {consent.isPending ? (
        <Spinner label="Loading your voice consent…" />
      ) : consent.isError ? (
        <LoadFailed message="Could not load your voice consent." onRetry={() => void consent.refetch()} />
      ) : (
        <>
          {consent.data.current && <ConsentInForce consent={consent.data.current} />}
          {consent.data.current && !changing ? (
            <div>
              <Button variant="secondary" onClick={() => setChanging(true)}>
                Record a new consent
              </Button>
            </div>
          ) : (
            <ConsentRecorder state={consent.data} onDone={() => setChanging(false)} onCancel={consent.data.current ? () => setChanging(false) : undefined} />
          )}
          <History consents={consent.data.history} />
        </>
      )}
    </section>
  );
}
