import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { CapturePromptView } from "../../../contract/capture";
import { endpoints } from "../../../contract/endpoints";
import { ApiError, buildPath, callApi, messageOf } from "../../lib/api-client";
import { Button } from "../../ui/button";
import { formatClock, useInvalidateVoice } from "../voice";
import { useInvalidateCapturePrompts } from "./capture-queries";

/**
 * A recording made for this question earlier (before a reload, on another visit, in another tab): the server keeps it
 * with the question, so it is shown here, playable, until it is saved as the answer, replaced or deleted.
 */
export function KeptRecording({ recording, onDeleted }: { recording: NonNullable<CapturePromptView["recording"]>; onDeleted: () => void }) {
  const invalidateVoice = useInvalidateVoice();
  const invalidatePrompts = useInvalidateCapturePrompts();
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setError(null);
    try {
      await callApi("deleteVoiceSession", undefined, { params: { id: recording.id } });
    } catch (failure) {
      // Already gone (deleted in another tab) is what was asked for; anything else is said.
      if (!(failure instanceof ApiError && failure.status === 404)) {
        setError(messageOf(failure));
        return;
      }
    }
    onDeleted();
    await Promise.all([invalidateVoice(), invalidatePrompts()]);
  };
  return (
    <section aria-labelledby="kept-recording-heading" className="grid gap-2 rounded-xl bg-stone-50 p-3" data-testid="capture-kept-recording">
      <h3 id="kept-recording-heading" className="font-medium">
        Your recording ({formatClock(recording.durationSeconds)}), saved with this question
      </h3>
      <audio controls preload="metadata" src={buildPath(endpoints.getVoiceSessionAudio.path, { params: { id: recording.id } })} aria-label="Your recorded answer" className="w-full" />
      <div>
        <Button variant="secondary" onClick={() => void remove()}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete this recording
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
