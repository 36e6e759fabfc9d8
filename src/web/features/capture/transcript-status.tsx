import { messageOf } from "../../lib/api-client";
import { Button } from "../../ui/button";
import type { useTranscript } from "./capture-queries";

// A failed transcription leaves the recording with its question: the person types, records again, or asks again.
const couldNotTranscribe = "We could not transcribe this recording. Type your answer or record again.";

/**
 * What transcription is doing for the spoken answer: not set up (type instead), working, done (check and correct it),
 * heard nothing, or failed with the reason and what to do. Announced politely to screen readers as it changes.
 */

export function TranscriptStatus({
  engine,
  recordingId,
  transcript,
  offered,
  onUse,
}: {
  engine: string | null;
  recordingId: string | null;
  transcript: ReturnType<typeof useTranscript>;
  offered: string | null;
  onUse: (text: string) => void;
}) {
  const { query, retry } = transcript;
  const data = retry.isPending ? undefined : query.data;
  let message: string;
  if (engine === null) message = "Transcription is not set up on this server, so your words are what your twin will read: type what you said, or its gist. The recording is kept with it.";
  else if (recordingId === null) message = `Once your recording is saved, it is transcribed (by ${engine}) for you to check and correct here; nothing is saved to the vault until you press Save.`;
  else if (retry.isError) message = messageOf(retry.error);
  else if (query.isError) message = messageOf(query.error);
  else if (!data || data.status === "pending") message = `Transcribing your answer… (by ${engine}). It is kept with this question: you can leave this page and come back to it.`;
  else if (data.status === "failed") message = data.error ? `${couldNotTranscribe} Reason: ${data.error}` : couldNotTranscribe;
  else if (data.text === "") message = "The transcriber heard no words in this recording. Type your answer instead.";
  else message = "Transcript ready: read it through and correct anything it misheard before you save.";
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted" role="status" data-testid="transcript-status">
        {message}
      </p>
      {data?.status === "done" && data.text && data.doubtful.length > 0 && <DoubtfulWords text={data.text} doubtful={data.doubtful} />}
      {engine !== null && recordingId !== null && (data?.status === "failed" || query.isError || retry.isError) && (
        <div>
          <Button variant="secondary" onClick={() => retry.mutate()} disabled={retry.isPending}>
            Transcribe again
          </Button>
        </div>
      )}
      {offered && (
        <div className="grid gap-2 rounded-xl bg-stone-50 p-3 text-sm">
          <p>The transcript, since you had already started writing:</p>
          <p className="whitespace-pre-wrap">“{offered}”</p>
          <div>
            <Button variant="secondary" onClick={() => onUse(offered)}>
              Use the transcript instead
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The transcript with the words the transcriber was least sure of marked (where Whisper's close runners-up heard
 * something else), so the person knows where to listen again before saving.
 */
function DoubtfulWords({ text, doubtful }: { text: string; doubtful: number[] }) {
  const marked = new Set(doubtful);
  const words = text.split(" ");
  return (
    <div className="rounded-xl bg-stone-50 p-3 text-sm" data-testid="transcript-doubts">
      <p>
        {marked.size === 1 ? "One word" : `${marked.size} words`} it was least sure of {marked.size === 1 ? "is" : "are"} marked:
      </p>
      <p className="mt-1">
        {words.map((word, i) => (
          <span key={i}>
            {i > 0 && " "}
            {marked.has(i) ? <mark className="rounded bg-amber-100 px-0.5 text-stone-900">{word}</mark> : word}
          </span>
        ))}
      </p>
    </div>
  );
}
