import { Trash2 } from "lucide-react";
import { useState } from "react";
import { ApiError, callApi, messageOf } from "../../lib/api-client";
import { Button } from "../../ui/button";

/**
 * "Delete this recording" for a capture answer's recording (just made, or kept with its question from earlier), with
 * the server's refusal said beside it. `id` null: nothing was stored yet, so only `onDeleted` runs.
 */
export function DeleteRecording({ id, onDeleted }: { id: string | null; onDeleted: () => void | Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setError(null);
    try {
      if (id) await callApi("deleteVoiceSession", undefined, { params: { id } });
    } catch (failure) {
      // Already gone (deleted in another tab) is what was asked for; anything else is said.
      if (!(failure instanceof ApiError && failure.status === 404)) {
        setError(messageOf(failure));
        return;
      }
    }
    await onDeleted();
  };
  return (
    <>
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
    </>
  );
}
