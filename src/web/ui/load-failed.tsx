import { Button } from "./button";

/** What a section shows when its data could not be read: the reason, and Try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
      <p className="text-red-800">{message}</p>
      <Button variant="secondary" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
