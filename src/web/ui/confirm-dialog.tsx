import { useId, type ReactNode } from "react";
import { Button } from "./button";
import { ModalDialog } from "./modal-dialog";

/**
 * Asks before a consequential step, in the app's modal dialog. The safe choice has the focus first; `onConfirm` runs
 * only on the action.
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
  const bodyId = useId();
  return (
    <ModalDialog title={title} onClose={onClose} describedBy={bodyId}>
      {(close) => (
        <>
          <div id={bodyId} className="grid gap-2">
            {children}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" autoFocus onClick={close}>
              {cancelLabel}
            </Button>
            <Button disabled={pending} onClick={onConfirm}>
              {pending && pendingLabel ? pendingLabel : actionLabel}
            </Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
