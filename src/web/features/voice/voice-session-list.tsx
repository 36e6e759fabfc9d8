import { Link } from "react-router";
import type { VoiceSession } from "../../../contract/voice";
import { messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { ConfirmDelete } from "../../ui/confirm-delete";
import { Spinner } from "../../ui/spinner";
import { formatBytes, formatDateTime, formatDuration } from "../../lib/format";
import { SessionQuality } from "./session-quality";
import { SignalList } from "./signal-list";
import { useDeleteVoiceSession } from "./voice-queries";
import { RecordingPlayer } from "../../ui/recording-player";

interface Props {
  sessions: VoiceSession[] | undefined;
  isError: boolean;
  onRetry: () => void;
}

/** The saved sessions, newest first: when, how long, how big, the measured quality, a player and Delete. */
export function VoiceSessionList({ sessions, isError, onRetry }: Props) {
  return (
    <section aria-labelledby="sessions-heading" className="grid min-w-0 gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id="sessions-heading" className="text-xl font-semibold">
        Recorded Sessions{sessions ? ` (${sessions.length})` : ""}
      </h2>
      {sessions ? (
        sessions.length === 0 ? (
          <p className="text-muted">No sessions yet — record your first one above.</p>
        ) : (
          <ul className="grid gap-3">
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )
      ) : isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-red-800">Failed to load your voice sessions.</p>
          <Button variant="secondary" className="mt-2" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : (
        <Spinner label="Loading your voice sessions…" />
      )}
    </section>
  );
}

function SessionRow({ session }: { session: VoiceSession }) {
  const when = formatDateTime(session.createdAt);
  return (
    <li data-testid="voice-session" className="grid min-w-0 gap-2 rounded-xl border border-stone-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium">
          {when}
          {session.purpose === "consent" && <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-sm text-emerald-900">Voice consent</span>}
        </p>
        <p className="text-sm text-muted">
          <span data-testid="session-duration">{formatDuration(session.durationSeconds)}</span> · <span data-testid="session-size">{formatBytes(session.fileSize)}</span>
        </p>
      </div>
      {session.question && (
        <p className="text-sm" data-testid="session-question">
          <span className="text-muted">Your answer to </span>“{session.question}”
        </p>
      )}
      <SessionQuality quality={session.quality} testId="session-quality" />
      {session.signals && (
        <details className="text-sm" data-testid="session-signals">
          <summary className="cursor-pointer text-muted">A capture answer: its voice signals, measured while you spoke</summary>
          <div className="mt-2">
            <SignalList signals={session.signals} label="Voice signals of this answer" testId="session-signal-list" />
          </div>
        </details>
      )}
      <RecordingPlayer src={`/api/voice/sessions/${encodeURIComponent(session.id)}/audio`} label={`Voice session recorded ${when}`} preload="metadata" />
      {session.purpose === "consent" ? (
        <p className="text-sm text-muted">
          Kept as the record of your voice consent. To withdraw it, revoke your consent in <Link to="/dashboard/legacy#voice-consent" className="underline">
            Legacy
          </Link>.
        </p>
      ) : (
        <DeleteSessionButton id={session.id} when={when} />
      )}
    </li>
  );
}

/** Delete with a confirmation step in place. */
function DeleteSessionButton({ id, when }: { id: string; when: string }) {
  const remove = useDeleteVoiceSession();
  return (
    <ConfirmDelete
      question="Delete this recording for good?"
      pending={remove.isPending}
      triggerLabel={`Delete session recorded ${when}`}
      onConfirm={(cancel) =>
        remove.mutate(id, {
          onSuccess: () => notifySuccess("Voice session deleted", "The recording is gone from your account."),
          onError: (error) => {
            notifyError("Deletion Failed", messageOf(error));
            cancel();
          },
        })
      }
    />
  );
}
