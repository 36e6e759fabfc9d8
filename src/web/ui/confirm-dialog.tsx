import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

/**
 * Asks before a consequential step, in a modal on the native <dialog>: the browser traps focus inside, closes on
 * Escape and makes the page behind inert. The safe choice has the focus first; `onConfirm` runs only on the action.
 */
export function ConfirmDialog({
  title,
  children,
  actionLabel,
  pendingLabel,
  cancelLabel = "Not now",
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  /** What will happen, said before it happens. */
  children: ReactNode;
  actionLabel: string;
  pendingLabel?: string;
  cancelLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl p-0 backdrop:bg-black/50"
    >
      <div className="grid gap-4 p-6">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        <div id={`${id}-body`} className="grid gap-2">
          {children}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" autoFocus onClick={() => ref.current?.close()}>
            {cancelLabel}
          </Button>
          <Button disabled={pending} onClick={onConfirm}>
            {pending && pendingLabel ? pendingLabel : actionLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
