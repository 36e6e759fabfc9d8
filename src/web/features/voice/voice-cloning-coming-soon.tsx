import { Sparkles } from "lucide-react";
import { VOICE_MIN_CLIP_SECONDS, VOICE_MIN_TRAINING_SECONDS } from "../../../contract/voice-options";

/** Said plainly: the clone form, training and the clones list are not built yet. */
export function VoiceCloningComingSoon() {
  return (
    <section aria-labelledby="cloning-heading" className="rounded-2xl border border-dashed border-stone-300 bg-white p-4 sm:p-5">
      <h2 id="cloning-heading" className="flex items-center gap-2 text-xl font-semibold">
        <Sparkles aria-hidden="true" className="h-5 w-5 text-brand" />
        Voice cloning: coming soon
      </h2>
      <p className="mt-2 text-muted">
        Cloning your voice from these sessions is not available yet: there is no clone form, training or list of voice clones here today. When it arrives it will
        need at least {VOICE_MIN_TRAINING_SECONDS} seconds of recordings, counting only clips of {VOICE_MIN_CLIP_SECONDS} seconds or more — so every session you
        save now will count.
      </p>
      <p className="mt-3 inline-block rounded-full bg-violet-50 px-3 py-1 text-sm font-medium text-brand-strong">Coming soon</p>
    </section>
  );
}
