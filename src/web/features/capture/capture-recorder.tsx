import { Mic, Square } from "lucide-react";
import { useEffect, useRef } from "react";
import type { CapturePromptView, CaptureSignals } from "../../../contract/capture";
import type { VoiceSession } from "../../../contract/voice";
import { publishLiveCapture, useLiveCapture } from "../../lib/live-capture";
import { Button } from "../../ui/button";
import { FormulaLink } from "../../ui/formula-link";
import { ProgressBar } from "../../ui/progress-bar";
import { formatClock, RecorderError, SessionQuality, SignalList, uploadRecording, useInvalidateVoice, useRecorder, Waveform } from "../voice";
import { DeleteRecording } from "./delete-recording";
import { KeptRecording } from "./kept-recording";
import { useLiveSignals } from "./use-live-signals";

const liveText: Record<string, string> = {
  idle: "",
  initializing: "Asking for your microphone…",
  recording: "Recording started. Answer the question aloud.",
  stopped: "Recording stopped. Saving it…",
  uploading: "Saving your recording…",
  success: "Recording saved with this question.",
  error: "",
};

/**
 * Records a spoken answer with the voice recorder, measuring the voice signals as it goes (shown here and in the side
 * panel). Stopping saves the recording at once, with the question and the signals' summary; it can be deleted again.
 * A recording the server already keeps for this question (`kept`) is shown until a new one is made.
 */
export function CaptureRecorder({
  promptId,
  kept,
  onSaved,
  onReset,
  onBusy,
}: {
  promptId: string;
  kept: CapturePromptView["recording"];
  onSaved: (session: VoiceSession) => void;
  onReset: () => void;
  /** Whether a recording is being made or saved: moving to another question now would lose it. */
  onBusy: (busy: boolean) => void;
}) {
  const live = useLiveSignals();
  const recorder = useRecorder({ analyse: live.analyse });
  const invalidate = useInvalidateVoice();
  const liveCapture = useLiveCapture();
  const { status } = recorder;
  const signalsRef = useRef<CaptureSignals | null>(null);
  const savedHeadingRef = useRef<HTMLHeadingElement>(null);
  // A save that finishes after this recorder is gone (the person skipped to another question) is not this answer's.
  const mountedRef = useRef(true);
  useEffect(
    () => () => {
      mountedRef.current = false;
    },
    [],
  );
  useEffect(() => {
    if (status === "success") savedHeadingRef.current?.focus();
  }, [status]);

  const busy = status === "initializing" || status === "recording" || status === "stopped" || status === "uploading";
  useEffect(() => {
    onBusy(busy && !recorder.uploadError);
  }, [busy, recorder.uploadError, onBusy]);
  useEffect(() => () => onBusy(false), [onBusy]);

  // The side panel's capture timer.
  useEffect(() => {
    if (status === "recording") publishLiveCapture({ seconds: recorder.seconds });
  }, [status, recorder.seconds]);

  const upload = async () => {
    const signals = signalsRef.current;
    const result = await recorder.save((blob, onProgress) => uploadRecording(blob, onProgress, invalidate, { promptId, ...(signals ? { signals: JSON.stringify(signals) } : {}) }));
    if (result.ok && mountedRef.current) onSaved(result.session);
  };
  // Recording again: the answer keeps the last recording until the new one is stored (onSaved replaces it), so a
  // refused microphone or a failed upload never leaves the answer without the recording it already had.
  const startOver = () => void recorder.start();
  const discard = () => {
    recorder.reset();
    onReset();
  };
  // Stopped: the summary of the whole session is taken, and the recording saved with it.
  useEffect(() => {
    if (status !== "stopped" || !recorder.recording || recorder.uploadError) return;
    signalsRef.current = live.sessionSignals();
    void upload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per stopped recording
  }, [status, recorder.recording]);

  const deleted = async () => {
    await invalidate();
    discard();
  };

  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          {status === "recording" ? (
            <Button onClick={recorder.stop} className="bg-red-700 hover:bg-red-800">
              <Square aria-hidden="true" className="h-4 w-4" />
              Stop and save
            </Button>
          ) : (
            <Button onClick={startOver} disabled={status === "initializing" || status === "uploading" || status === "stopped" || status === "error"}>
              <Mic aria-hidden="true" className="h-4 w-4" />
              {status === "initializing" ? "Starting…" : recorder.saved || kept ? "Record again" : "Record my answer"}
            </Button>
          )}
        </div>
        <span role="timer" aria-label="Recording time" data-testid="capture-timer" className="font-mono text-2xl tabular-nums">
          {formatClock(recorder.seconds)}
        </span>
      </div>
      <Waveform levels={recorder.levels} recording={status === "recording"} />
      <p aria-live="polite" className="sr-only">
        {liveText[status]}
      </p>
      <RecorderError message={recorder.error} onRetry={recorder.retry} onDismiss={recorder.dismiss} />
      {status === "recording" && (
        <section aria-labelledby="live-signals-heading" className="grid gap-2 rounded-xl bg-stone-50 p-3">
          <h3 id="live-signals-heading" className="font-medium">
            Live signals <span className="text-sm font-normal text-muted">(last 15 seconds, measured in this browser)</span>
          </h3>
          <SignalList signals={liveCapture.signals} label="Live signals" testId="live-signals" />
        </section>
      )}
      {(status === "uploading" || (status === "stopped" && !recorder.uploadError)) && (
        <div>
          <div className="flex justify-between text-sm text-muted">
            <span id="capture-upload-label">Saving your recording</span>
            <span>{recorder.progress}%</span>
          </div>
          <ProgressBar labelledBy="capture-upload-label" value={recorder.progress} className="mt-1" />
        </div>
      )}
      {recorder.uploadError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-3">
          <p className="text-red-800">{recorder.uploadError}</p>
          <Button variant="secondary" onClick={() => void upload()}>
            Try again
          </Button>
          <Button variant="secondary" onClick={discard}>
            Discard and record again
          </Button>
        </div>
      )}
      {status === "idle" && kept && <KeptRecording recording={kept} onDeleted={onReset} />}
      {status === "success" && recorder.saved && recorder.recording && (
        <section aria-labelledby="saved-recording-heading" className="grid gap-2 rounded-xl bg-stone-50 p-3" data-testid="capture-saved-recording">
          <h3 id="saved-recording-heading" ref={savedHeadingRef} tabIndex={-1} className="font-medium outline-none">
            Your recording ({formatClock(recorder.saved.durationSeconds)}), saved with this question
          </h3>
          <audio controls src={recorder.recording.audioUrl} aria-label="Your recorded answer" className="w-full" />
          <SessionQuality quality={recorder.saved.quality} testId="capture-quality" />
          <p className="text-sm text-muted">Your voice, measured over the whole answer:</p>
          <SignalList signals={recorder.saved.signals} label="Signals of your recording" testId="capture-summary" />
          <FormulaLink topic="captureSignals" />
          <DeleteRecording id={recorder.saved?.id ?? null} onDeleted={deleted} />
        </section>
      )}
    </div>
  );
}
