import { Mic } from "lucide-react";
import type { Overview } from "../../../contract/overview";
import { formatRecorded } from "../../lib/format";
import { StatCard } from "./stat-card";

/**
 * Voice Hours: the time recorded in the one format the Voice Training Hub uses too (minutes and seconds under an hour,
 * hours with one decimal above: "0.0" beside "1 min 36 s recorded" said the same thing twice, differently), and the
 * number of sessions it came from. The consent reading is neither (the server leaves it out).
 */
export function VoiceHoursCard({ voice }: { voice: Overview["voice"] }) {
  const recorded = formatRecorded(voice.seconds);
  return (
    <StatCard id="stat-voice" title="Voice Hours" icon={<Mic aria-hidden="true" className="h-4 w-4 text-brand" />} value={recorded.value} formula="otherFigures">
      <p>
        {recorded.unit === "hours" ? "hours recorded in " : "in "}
        {voice.sessions} {voice.sessions === 1 ? "session" : "sessions"}
      </p>
    </StatCard>
  );
}
