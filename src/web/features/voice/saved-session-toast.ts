import { NO_SPEECH_LABEL } from "../../../contract/voice-options";
import { formatDuration } from "../../lib/format";

/**
 * The toast after a voice session is saved. A recording with no speech in it is still the person's and is kept, so it
 * is not an error (no red); but it must not look like progress either: a plain toast that says why it does not count
 * and what helps.
 */
export function savedSessionToast(session: { durationSeconds: number; quality?: { label: string } | null }): { kind: "success" | "neutral"; title: string; description: string } {
  const recorded = `${formatDuration(session.durationSeconds)} recorded`;
  if (session.quality?.label === NO_SPEECH_LABEL)
    return { kind: "neutral", title: "Saved, but no speech heard", description: `${recorded}, but no speech was detected, so it does not count toward training. Try again closer to the microphone.` };
  return { kind: "success", title: "Voice Session Saved", description: `${recorded}.` };
}
