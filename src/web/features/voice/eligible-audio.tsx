import type { VoiceProfiles } from "../../../contract/voice";
import { voiceCloneMessages } from "../../../contract/voice-options";
import { formatDuration } from "../../lib/format";
import { ProgressBar } from "../../ui/progress-bar";

/**
 * How much recorded audio could train a clone now, against the minimum, as a figure and a progress bar. Where more
 * audio comes from depends on the page: the recorder above on the Voice Training Hub, spoken answers on Capture.
 */
export function EligibleAudio({ eligible, id, recordWhere, hasReadyClone }: { eligible: VoiceProfiles["eligible"]; id: string; recordWhere: "above" | "capture"; hasReadyClone: boolean }) {
  const { seconds, sessions, minimumSeconds } = eligible;
  const percent = minimumSeconds > 0 ? Math.min(100, Math.round((seconds / minimumSeconds) * 100)) : 100;
  const enough = seconds >= minimumSeconds;
  return (
    <div className="grid gap-1">
      <p id={`${id}-label`} className="text-sm" data-testid="eligible-audio">
        <span className="font-medium">
          {/* Whole seconds counted down, never up: 59.6 s must not read as the full minute it falls short of. */}
          {formatDuration(Math.floor(seconds))} of {formatDuration(minimumSeconds)} eligible audio
        </span>{" "}
        <span className="text-muted">
          ({sessions} {sessions === 1 ? "session" : "sessions"} not yet used by a clone)
        </span>
      </p>
      <ProgressBar labelledBy={`${id}-label`} value={percent} fillClassName={enough ? "bg-emerald-600" : "bg-brand"} />
      {!enough && (
        <p id={`${id}-minimum`} className="text-sm text-amber-900" data-testid="eligible-audio-minimum">
          {hasReadyClone ? `Your voice clone is ready. To train another from new recordings, ${minimumSeconds} seconds of audio no clone uses yet are needed:` : voiceCloneMessages.notEnoughAudio}{" "}
          {recordWhere === "above" ? `Record about ${Math.ceil(minimumSeconds - seconds)} more seconds above.` : `Answer questions aloud here, or record on the Voice Training Hub: about ${Math.ceil(minimumSeconds - seconds)} more seconds.`}
        </p>
      )}
    </div>
  );
}
