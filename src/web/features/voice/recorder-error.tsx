import { RotateCcw } from "lucide-react";
import { Button } from "../../ui/button";

/** A capture error (the microphone denied, the recorder failing to start) with the spec's Retry and Dismiss. */
export function RecorderError({ message, onRetry, onDismiss }: { message: string | null; onRetry: () => void; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
      <p className="text-red-800">{message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onRetry}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Retry
        </Button>
        <Button variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
