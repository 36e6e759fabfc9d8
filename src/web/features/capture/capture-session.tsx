import { useQuery } from "@tanstack/react-query";
import { Mic, PenLine, SkipForward } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { captureMessages } from "../../../contract/capture-options";
import { ApiError, messageOf } from "../../lib/api-client";
import { notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { TextAreaField } from "../../ui/field";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { CaptureRecorder } from "./capture-recorder";
import { capturePromptsQuery, useInvalidateCapturePrompts, useSaveCaptureAnswer, useTranscript } from "./capture-queries";
import { TranscriptStatus } from "./transcript-status";

/**
 * A guided capture session: one question at a time (the least mapped domain first), answered aloud, in writing, or
 * both, and saved to the Memory Vault with its question and recording. Skip moves to the next question. A recording is
 * kept with its question by the server from the moment it is stored, and transcribed there: leaving, reloading or
 * another tab brings the question back with its recording, and its transcript fills the answer when it arrives.
 */
const attemptKeys = new Map<string, string>();
/** A stable random key for one answer's save attempts (the same answer retried keeps its key). */
function attemptKey(answer: string): string {
  let key = attemptKeys.get(answer);
  if (!key) attemptKeys.set(answer, (key = crypto.randomUUID()));
  return key;
}

export function CaptureSession() {
  const prompts = useQuery(capturePromptsQuery);
  const save = useSaveCaptureAnswer();
  const invalidatePrompts = useInvalidateCapturePrompts();
  // The question on screen, by id: answering or refetching elsewhere reorders the queue, never swaps it underneath.
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const [answer, setAnswer] = useState("");
  const [answerError, setAnswerError] = useState<string | null>(null);
  // The recording made or discarded on this screen; until then (null) the one the server keeps for the question.
  const [recordingChoice, setRecordingChoice] = useState<{ id: string | null } | null>(null);
  // Remounts the recorder for each question, so a recording never carries over to the next one.
  const [round, setRound] = useState(0);
  const [moved, setMoved] = useState(false);
  // A recording is being made or saved: Skip and writing would throw it away, so they wait.
  const [recorderBusy, setRecorderBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const answerRef = useRef<HTMLTextAreaElement>(null);
  const engine = prompts.data?.transcription ?? null;
  const queue = prompts.data?.queue ?? [];
  const prompt = queue.find((p) => p.id === currentId) ?? queue[0];
  const kept = recordingChoice === null ? (prompt?.recording ?? null) : null;
  const recordingId = recordingChoice === null ? (kept?.id ?? null) : recordingChoice.id;
  const transcript = useTranscript(recordingId, engine !== null);
  const heard = transcript.query.data?.status === "done" ? transcript.query.data.text : null;
  // The transcript fills an empty answer for the person to correct; over their own words it is only offered.
  const [offered, setOffered] = useState<string | null>(null);
  useEffect(() => {
    if (heard === null || heard === "") return;
    if (answerRef.current && answerRef.current.value.trim() === "") setAnswer(heard);
    else setOffered(heard);
  }, [heard]);

  // The question on screen is pinned by id once the questions are fresh (a cached list may lack a recording made since),
  // so a later refetch that brings another question forward never swaps it.
  const isFresh = !prompts.isFetching;
  useEffect(() => {
    if (currentId === null && prompt && isFresh) setCurrentId(prompt.id);
  }, [currentId, prompt, isFresh]);

  useEffect(() => {
    if (moved) headingRef.current?.focus();
    setMoved(false);
  }, [moved]);

  if (prompts.isPending) return <Spinner label="Loading your questions…" />;
  if (prompts.isError) return <LoadFailed message="Could not load your questions." onRetry={() => void prompts.refetch()} />;
  const { answered, total } = prompts.data;
  if (!prompt) {
    return (
      <p className="rounded-2xl border border-stone-200 bg-white p-5" data-testid="capture-all-answered">
        You have answered all {total} questions. Thank you: every answer is in your Memory Vault, where you can read and edit it.
      </p>
    );
  }
  const at = Math.max(0, queue.findIndex((p) => p.id === prompt.id));

  /** Moves to the question after this one (after Skip, and after an answer, which leaves the queue). */
  const nextQuestion = () => {
    setCurrentId(queue[(at + 1) % queue.length]?.id ?? null);
    setAnswer("");
    setAnswerError(null);
    setRecordingChoice(null);
    setOffered(null);
    setWriting(false);
    setRound((r) => r + 1);
    setMoved(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!answer.trim()) {
      setAnswerError(captureMessages.answerRequired);
      answerRef.current?.focus();
      return;
    }
    setAnswerError(null);
    // One key per answer: a retry after a lost response (same text, same recording) cannot store it twice.
    const key = `${prompt.id}:${recordingId ?? "typed"}:${round}`;
    save.mutate(
      { body: { promptId: prompt.id, content: answer, recordingId }, idempotencyKey: attemptKey(key) },
      {
        onSuccess: () => {
          notifySuccess("Saved to your Memory Vault", recordingId ? "Your answer and its recording are kept together." : "Your answer is in your vault.");
          // The answered question leaves the queue, so the same place now holds the next one.
          nextQuestion();
        },
      },
    );
  };

  return (
    <section aria-labelledby="capture-prompt" className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <p className="text-sm text-muted">
        {prompt.domainLabel} · {answered} of {total} questions answered
      </p>
      <h2 id="capture-prompt" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none" data-testid="capture-prompt">
        {prompt.text}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={nextQuestion} disabled={queue.length < 2 || recorderBusy}>
          <SkipForward aria-hidden="true" className="h-4 w-4" />
          Skip this question
        </Button>
        {writing ? (
          <Button variant="secondary" onClick={() => setWriting(false)}>
            <Mic aria-hidden="true" className="h-4 w-4" />
            Record instead
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={recorderBusy}
            onClick={() => {
              setWriting(true);
              requestAnimationFrame(() => answerRef.current?.focus());
            }}
          >
            <PenLine aria-hidden="true" className="h-4 w-4" />
            I'll answer in writing
          </Button>
        )}
        {recorderBusy && <p className="self-center text-sm text-muted">Finish or stop the recording first.</p>}
      </div>
      {!writing && (
        <CaptureRecorder
          key={`${prompt.id}:${round}`}
          promptId={prompt.id}
          kept={kept}
          onSaved={(s) => {
            setRecordingChoice({ id: s.id });
            // Another visit (or tab) now finds this question with its recording.
            void invalidatePrompts();
          }}
          onReset={() => setRecordingChoice({ id: null })}
          onBusy={setRecorderBusy}
        />
      )}
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <TextAreaField
          ref={answerRef}
          id="capture-answer"
          label={writing ? "Your answer" : "Your answer in words (what you said, or a summary of it)"}
          rows={6}
          value={answer}
          error={answerError ?? undefined}
          onChange={(e) => {
            setAnswer(e.target.value);
            if (answerError) setAnswerError(null);
          }}
        />
        {!writing && (
          <TranscriptStatus
            engine={engine}
            recordingId={recordingId}
            transcript={transcript}
            offered={offered}
            onUse={(text) => {
              setAnswer(text);
              setOffered(null);
            }}
          />
        )}
        {save.isError && (
          <p role="alert" className="text-red-700">
            {save.error instanceof ApiError && save.error.status < 500 ? save.error.message : `${captureMessages.unexpected}. ${messageOf(save.error, "Your answer is still here: try saving it again.")}`}
          </p>
        )}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save to Memory Vault"}
          </Button>
        </div>
      </form>
    </section>
  );
}
