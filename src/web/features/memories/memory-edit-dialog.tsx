import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { Memory } from "../../../contract/memories";
import { MemoryEditForm } from "./memory-edit-form";

/**
 * Editing a memory in a modal on the native <dialog> (as ConfirmDialog does), wide enough for the whole form rather
 * than squeezed into its card: the browser keeps the focus inside and closes it on Escape. The memory's text takes
 * the focus on opening; however it closes (saved, Cancel, the close button, Escape), the focus goes back to what had
 * it before (the card's Edit button), then `onClose` runs.
 */
export function MemoryEditDialog({ memory, onClose }: { memory: Memory; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const opener = useRef(typeof document === "undefined" ? null : document.activeElement);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    dialog.querySelector("textarea")?.focus();
  }, []);
  const [saving, setSaving] = useState(false);
  const close = () => ref.current?.close();
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      // Escape waits while a save is on its way, so its failure is said and the edit is not lost.
      onCancel={(event) => saving && event.preventDefault()}
      onClose={() => {
        if (opener.current instanceof HTMLElement) opener.current.focus();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100%-2rem))] overflow-y-auto rounded-2xl p-0 text-ink backdrop:bg-black/50"
    >
      <div className="grid gap-4 p-4 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            Edit memory
          </h2>
          <button type="button" aria-label="Close" onClick={close} disabled={saving} className="grid h-11 w-11 shrink-0 place-items-center rounded-lg hover:bg-stone-100">
            <X aria-hidden="true" />
          </button>
        </div>
        <MemoryEditForm memory={memory} onDone={close} onSaving={setSaving} />
      </div>
    </dialog>
  );
}
