import { Mic } from "lucide-react";
import type { Overview } from "../../../contract/overview";
import { formatDuration } from "../../lib/format";
import { StatCard } from "./stat-card";

/** Under six minutes one decimal of an hour reads 0.0 or 0.1, so the minutes and seconds are shown beside it. */
const SHOW_MINUTES_BELOW_SECONDS = 6 * 60;

/** Voice Hours: recorded time with one decimal (the spec's figure) and the number of sessions it came from. */
export function VoiceHoursCard({ voice }: { voice: Overview["voice"] }) {
  const seconds = Math.round(voice.seconds);
  return (
    <StatCard id="stat-voice" title="Voice Hours" icon={<Mic aria-hidden="true" className="h-4 w-4 text-brand" />} value={voice.hours.toFixed(1)} formula="otherFigures">
      {seconds > 0 && seconds < SHOW_MINUTES_BELOW_SECONDS && (
        <p data-testid="voice-minutes">
          {formatDuration(seconds)} recorded
        </p>
      )}
      <p>
        {voice.sessions} {voice.sessions === 1 ? "session" : "sessions"} recorded
      </p>
    </StatCard>
  );
}
