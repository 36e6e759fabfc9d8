import type { CapturePromptView } from "../../../contract/capture";
import { endpoints } from "../../../contract/endpoints";
import { buildPath } from "../../lib/api-client";
import { formatClock, useInvalidateVoice } from "../voice";
import { useInvalidateCapturePrompts } from "./capture-queries";
import { DeleteRecording } from "./delete-recording";
import { RecordingPlayer } from "../../ui/recording-player";

/**
 * A recording made for this question earlier (before a reload, on another visit, in another tab): the server keeps it
 * with the question, so it is shown here, playable, until it is saved as the answer, replaced or deleted.
 */
export function KeptRecording({ recording, onDeleted }: { recording: NonNullable<CapturePromptView["recording"]>; onDeleted: () => void }) {
  const invalidateVoice = useInvalidateVoice();
  const invalidatePrompts = useInvalidateCapturePrompts();
  const deleted = async () => {
    onDeleted();
    await Promise.all([invalidateVoice(), invalidatePrompts()]);
  };
  return (
    <section aria-labelledby="kept-recording-heading" className="grid gap-2 rounded-xl bg-stone-50 p-3" data-testid="capture-kept-recording">
      <h3 id="kept-recording-heading" className="font-medium">
        Your recording ({formatClock(recording.durationSeconds)}), saved with this question
      </h3>
      <RecordingPlayer src={buildPath(endpoints.getVoiceSessionAudio.path, { params: { id: recording.id } })} label="Your recorded answer" preload="metadata" />
      <DeleteRecording id={recording.id} onDeleted={deleted} />
    </section>
  );
}
