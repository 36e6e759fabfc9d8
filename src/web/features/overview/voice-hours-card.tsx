import { Mic } from "lucide-react";
import type { Overview } from "../../../contract/overview";
import { StatCard } from "./stat-card";

/** Voice Hours: recorded time with one decimal and the number of sessions it came from. */
export function VoiceHoursCard({ voice }: { voice: Overview["voice"] }) {
  return (
    <StatCard id="stat-voice" title="Voice Hours" icon={<Mic aria-hidden="true" className="h-4 w-4 text-brand" />} value={voice.hours.toFixed(1)}>
      <p>
        {voice.sessions} {voice.sessions === 1 ? "session" : "sessions"} recorded
      </p>
    </StatCard>
  );
}
