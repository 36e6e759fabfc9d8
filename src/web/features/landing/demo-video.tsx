import { Play } from "lucide-react";
import { useState } from "react";
import { track } from "../../lib/analytics";

/**
 * The demo: a screen recording of the product in use (scripts/make-demo-media.ts), our own file, fetched only after
 * the visitor presses play (nothing loads before that).
 */
export function DemoVideo() {
  const [playing, setPlaying] = useState(false);
  return (
    <section aria-labelledby="demo-heading" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <h2 id="demo-heading" className="text-3xl font-semibold tracking-tight">
        See Mindprint in use
      </h2>
      <div className="mt-6 aspect-video overflow-hidden rounded-2xl bg-stone-900">
        {playing ? (
          <video className="h-full w-full" controls autoPlay playsInline preload="auto" data-testid="demo-video">
            <source src="/media/mindprint-demo.webm" type="video/webm" />
            <track kind="captions" src="/media/mindprint-demo.vtt" srcLang="en" label="English" default />
          </video>
        ) : (
          <button
            type="button"
            onClick={() => {
              setPlaying(true);
              track({ name: "Demo Video Play Clicked", source: "LandingPage" });
            }}
            className="grid h-full w-full place-items-center bg-gradient-to-br from-violet-900 to-stone-900 text-white"
          >
            <span className="flex flex-col items-center gap-3">
              <span className="grid h-16 w-16 place-items-center rounded-full bg-white/15">
                <Play aria-hidden="true" className="h-8 w-8" />
              </span>
              <span className="text-lg font-medium">Play the demo video</span>
            </span>
          </button>
        )}
      </div>
    </section>
  );
}
