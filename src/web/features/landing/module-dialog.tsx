import { Prose } from "../../ui/prose";
import { ModalDialog } from "../../ui/modal-dialog";
import type { LandingScreen } from "../../../contract/landing";
import { ProductScreenshot } from "./product-screenshot";

/** A module of the landing page, read in the app's modal dialog: its screenshot and its text. */
export function ModuleDialog({ title, html, screen, onClose }: { title: string; html: string; screen: LandingScreen; onClose: () => void }) {
  return (
    <ModalDialog title={title} onClose={onClose} wide closeButton>
      {() => (
        <div>
          <ProductScreenshot screen={screen} alt={`${title} in Mindprint: a screenshot of the page`} />
          <Prose html={html} className="mt-4 text-muted" />
        </div>
      )}
    </ModalDialog>
  );
}
