import { Camera, CameraOff } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";

// The panel and its face model (about 2 MB of script and 3 MB of weights) load only when the person turns it on.
const CameraPanel = lazy(() => import("./camera-panel"));

/** The optional camera analysis panel: off by default, turned on by the person each time. */
export function CameraSection() {
  const [on, setOn] = useState(false);
  return (
    <section aria-labelledby="camera-heading" className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="camera-heading" className="text-lg font-semibold">
          Camera analysis <span className="text-sm font-normal text-muted">(optional, off by default)</span>
        </h2>
        <Button variant="secondary" onClick={() => setOn((v) => !v)}>
          {on ? <CameraOff aria-hidden="true" className="h-4 w-4" /> : <Camera aria-hidden="true" className="h-4 w-4" />}
          {on ? "Turn the camera off" : "Turn the camera on"}
        </Button>
      </div>
      <p className="text-sm text-muted">
        Reads, in this browser, whether you are looking at the screen and what your face shows. Nothing from the camera leaves this device: no picture is
        uploaded or stored, and the expression cues are shown only to you, never used for anything anyone else sees. It turns off when you leave the page.
      </p>
      {on && (
        <Suspense fallback={<Spinner label="Opening the camera panel…" />}>
          <CameraPanel />
        </Suspense>
      )}
    </section>
  );
}
