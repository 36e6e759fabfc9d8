import { Mic, Save, Square } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { voiceMessages } from "../../../contract/voice-options";
import { formatDuration } from "../../lib/format";
import { notifyError, notifyNeutral, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { formatClock } from "./format";
import { RecorderError } from "./recorder-error";
import { savedSessionToast } from "./saved-session-toast";
import { SessionQuality } from "./session-quality";
import { useRecorder } from "./use-recorder";
import { uploadRecording, useInvalidateVoice } from "./voice-queries";
import { Waveform } from "./waveform";
import { ProgressBar } from "../../ui/progress-bar";
import { useInView } from "../../lib/use-in-view";

const liveText: Record<string, string> = {
  idle: "",
  initializing: "Asking for your microphone…",
  recording: "Recording started.",
  stopped: "Recording stopped. Listen to it, then save it or record again.",
  uploading: "Saving your session…",
  success: "Voice session saved.",
  error: "",
};

/** Record in the browser, listen back, and save the session to the server, which measures its length and quality. */
export function VoiceRecorder() {
  const recorder = useRecorder();
  const invalidate = useInvalidateVoice();
  const { status } = recorder;
  const busy = status === "initializing" || status === "uploading";
  // On a phone the passage to read is below the recorder: once the person scrolls down to it, Stop comes with them.
  // Measured once when recording starts, not on every frame the waveform redraws (it would force a layout each time).
  const coveredTop = useMemo(() => (status === "recording" ? stickyHeaderHeight() : 0), [status]);
  const [controlsRef, controlsInView] = useInView<HTMLDivElement>(status === "recording", coveredTop);
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Stopped from the bar, which then goes: the person is taken back to the recorder, where the recording now waits.
  const stopFromBar = () => {
    recorder.stop();
    sectionRef.current?.scrollIntoView({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  };

  const save = async () => {
    const result = await recorder.save((blob, onProgress) => uploadRecording(blob, onProgress, invalidate));
    if (!result.ok) return notifyError("Upload Error", result.message);
    const toast = savedSessionToast(result.session);
    (toast.kind === "success" ? notifySuccess : notifyNeutral)(toast.title, toast.description);
  };

  return (
    <>
      <section ref={sectionRef} aria-labelledby="recorder-heading" className="scroll-mt-24 grid min-w-0 content-start gap-4 self-start rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 ref={headingRef} tabIndex={-1} id="recorder-heading" className="flex items-center gap-2 text-xl font-semibold focus:outline-none">
            <Mic aria-hidden="true" className="h-5 w-5 text-brand" />
            Record a voice session
          </h2>
          <div className="flex items-center gap-3">
            {status === "recording" && (
              <span data-testid="recording-indicator" className="inline-flex items-center gap-2 rounded-full bg-red-50 px-3 py-1 font-medium text-red-800">
                <span aria-hidden="true" className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-600" />
                Recording
              </span>
            )}
            <span role="timer" aria-label="Recording time" data-testid="recording-timer" className="font-mono text-2xl tabular-nums">
              {formatClock(recorder.seconds)}
            </span>
          </div>
        </div>

        <Waveform levels={recorder.levels} recording={status === "recording"} />
        <p aria-live="polite" className="sr-only">
          {liveText[status]}
        </p>

        <RecorderError message={recorder.error} onRetry={recorder.retry} onDismiss={recorder.dismiss} />

        <div ref={controlsRef} data-testid="recorder-controls" className="flex flex-wrap gap-2">
          {status === "recording" ? (
            <Button onClick={recorder.stop} className="bg-red-700 hover:bg-red-800">
              <Square aria-hidden="true" className="h-4 w-4" />
              Stop recording
            </Button>
          ) : (
            <Button onClick={() => void recorder.start()} disabled={busy || status === "error"}>
              <Mic aria-hidden="true" className="h-4 w-4" />
              {status === "initializing" ? "Starting…" : recorder.recording || status === "success" ? "Record again" : "Start recording"}
            </Button>
          )}
        </div>

        {recorder.recording && (status === "stopped" || status === "uploading" || status === "success") && (
          <div className="grid gap-3 rounded-xl bg-stone-50 p-3">
            <p className="font-medium">Your recording ({formatDuration(recorder.recording.duration)})</p>
            <audio controls src={recorder.recording.audioUrl} aria-label="Preview of your recording" className="w-full" data-testid="recording-preview" />
            {status !== "success" && (
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void save()} disabled={status === "uploading"}>
                  <Save aria-hidden="true" className="h-4 w-4" />
                  {status === "uploading" ? "Saving…" : "Save session"}
                </Button>
                <Button variant="secondary" onClick={recorder.reset} disabled={status === "uploading"}>
                  Discard
                </Button>
              </div>
            )}
            {(status === "uploading" || status === "success") && (
              <div>
                <div className="flex justify-between text-sm text-muted">
                  <span id="upload-progress-label">Upload progress</span>
                  <span>{recorder.progress}%</span>
                </div>
                <ProgressBar labelledBy="upload-progress-label" value={recorder.progress} className="mt-1" />
              </div>
            )}
            {recorder.uploadError && (
              <p role="alert" className="text-red-800" data-testid="upload-error">
                {recorder.uploadError || voiceMessages.uploadFailed}
              </p>
            )}
            {status === "success" && recorder.saved && (
              <div data-testid="saved-session" className="grid gap-1">
                <p className="font-medium text-emerald-800">Saved: {formatDuration(recorder.saved.durationSeconds)} measured by the server.</p>
                <SessionQuality quality={recorder.saved.quality} testId="saved-quality" />
              </div>
            )}
          </div>
        )}
      </section>
      {status === "recording" && !controlsInView && <RecordingBar seconds={recorder.seconds} onStop={stopFromBar} />}
    </>
  );
}

/** The height of the page's sticky header, which hides what scrolls under it (0 when there is none). */
function stickyHeaderHeight(): number {
  const header = typeof document === "undefined" ? null : document.querySelector("header");
  return header && getComputedStyle(header).position === "sticky" ? Math.ceil(header.getBoundingClientRect().height) : 0;
}

/** While recording with the recorder scrolled away: how long, and Stop, fixed at the bottom of the screen. */
function RecordingBar({ seconds, onStop }: { seconds: number; onStop: () => void }) {
  // The page's end and whatever has focus can still be scrolled clear of the bar.
  useEffect(() => {
    const { body, documentElement } = document;
    body.style.paddingBottom = documentElement.style.scrollPaddingBottom = "5rem";
    return () => {
      body.style.paddingBottom = documentElement.style.scrollPaddingBottom = "";
    };
  }, []);
  return (
    <div data-testid="recording-bar" className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-between gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur">
      <p className="inline-flex items-center gap-2 font-medium text-red-800">
        <span aria-hidden="true" className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-600" />
        Recording <span className="font-mono tabular-nums text-stone-900">{formatClock(seconds)}</span>
      </p>
      <Button onClick={onStop} className="bg-red-700 hover:bg-red-800">
        <Square aria-hidden="true" className="h-4 w-4" />
        Stop recording
      </Button>
    </div>
  );
}
