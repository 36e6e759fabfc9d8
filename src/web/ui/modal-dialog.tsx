import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal on the native <dialog>, opened when it mounts: the browser traps focus inside, closes on Escape and makes the
 * page behind inert. `onClose` runs however it closes. The one dialog of the app: ConfirmDialog and the landing's
 * module dialogs are this with their own content.
 */
export function ModalDialog({
  title,
  onClose,
  wide = false,
  closeButton = false,
  describedBy,
  children,
}: {
  title: string;
  onClose: () => void;
  /** A reading dialog (wider, a larger title); closes on a click on the backdrop too. */
  wide?: boolean;
  /** A Close button beside the title (for dialogs whose content has no button of its own). */
  closeButton?: boolean;
  /** The id of the element that says what the dialog is about. */
  describedBy?: string;
  /** The content; `close` closes the dialog (and so calls onClose). */
  children: (close: () => void) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = () => ref.current?.close();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
      onClick={wide ? (event) => event.target === ref.current && close() : undefined}
      className={`m-auto ${wide ? "w-[min(44rem,calc(100%-2rem))]" : "w-[min(32rem,calc(100%-2rem))]"} rounded-2xl p-0 backdrop:bg-black/50`}
    >
      <div className="grid gap-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className={wide ? "text-2xl font-semibold" : "text-xl font-semibold"}>
            {title}
          </h2>
          {closeButton ? (
            <button type="button" aria-label="Close" onClick={close} className="grid h-10 w-10 shrink-0 place-items-center rounded-lg hover:bg-stone-100">
              <X aria-hidden="true" />
            </button>
          ) : null}
        </div>
        {children(close)}
      </div>
    </dialog>
  );
}
