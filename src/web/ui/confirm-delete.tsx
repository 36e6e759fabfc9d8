import { useState } from "react";
import { Button } from "./button";

/**
 * A Delete button that asks first, in place: the question, a focused destructive Delete, and Cancel.
 * `onConfirm` receives `cancel`, to return to the plain button (after a failure, for instance).
 */
export function ConfirmDelete({
  question,
  pending,
  onConfirm,
  triggerLabel,
  actionLabel = "Delete",
  confirming: shownFromOutside,
  onCancel,
}: {
  question: string;
  pending: boolean;
  onConfirm: (cancel: () => void) => void;
  triggerLabel?: string;
  /** The destructive action's name, on the button and its confirmation ("Revoke consent", say). */
  actionLabel?: string;
  /** Shown by something else (a menu item) instead of its own button: then only the confirmation is drawn. */
  confirming?: boolean;
  onCancel?: () => void;
}) {
  const [ownConfirming, setConfirming] = useState(false);
  const controlled = shownFromOutside !== undefined;
  const confirming = controlled ? shownFromOutside : ownConfirming;
  const cancel = () => (controlled ? onCancel?.() : setConfirming(false));
  if (!confirming) {
    if (controlled) return null;
    return (
      <div>
        <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)} aria-label={triggerLabel}>
          {actionLabel}
        </Button>
      </div>
    );
  }
  return (
    <div role="group" aria-label={actionLabel === "Delete" ? "Confirm deletion" : `Confirm: ${actionLabel}`} className="flex w-full flex-wrap items-center gap-2 rounded-lg bg-red-50 p-2">
      <span className="font-medium text-red-800">{question}</span>
      <button
        type="button"
        autoFocus
        disabled={pending}
        onClick={() => onConfirm(cancel)}
        className="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-5 py-2.5 font-medium text-white hover:bg-red-800 disabled:bg-stone-400"
      >
        {actionLabel}
      </button>
      <Button variant="secondary" onClick={cancel}>
        Cancel
      </Button>
    </div>
  );
}
