import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Prose } from "../../ui/prose";
import type { LandingScreen } from "../../../contract/landing";
import { ProductScreenshot } from "./product-screenshot";

/**
 * A modal on the native <dialog>: the browser traps focus inside, closes on Escape, and makes the page
 * behind inert. A click on the backdrop closes it too.
 */
export function ModuleDialog({ title, html, screen, onClose }: { title: string; html: string; screen: LandingScreen; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="module-dialog-title"
      onClose={onClose}
      onClick={(event) => event.target === ref.current && ref.current?.close()}
      className="m-auto w-[min(44rem,calc(100%-2rem))] rounded-2xl p-0 backdrop:bg-black/50"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="module-dialog-title" className="text-2xl font-semibold">
            {title}
          </h2>
          <button type="button" aria-label="Close" onClick={() => ref.current?.close()} className="grid h-10 w-10 place-items-center rounded-lg hover:bg-stone-100">
            <X aria-hidden="true" />
          </button>
        </div>
        <ProductScreenshot screen={screen} alt={`${title} in Mindprint: a screenshot of the page`} className="mt-4" />
        <Prose html={html} className="mt-4 text-muted" />
      </div>
    </dialog>
  );
}
