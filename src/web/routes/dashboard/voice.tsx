import { useQuery } from "@tanstack/react-query";
import type { MetaFunction } from "react-router";
import { CloneVoiceForm } from "../../features/voice/clone-voice-form";
import { ReadingPassages } from "../../features/voice/reading-passages";
import { TrainingStatusPanel } from "../../features/voice/training-status-panel";
import { VoiceCloneList } from "../../features/voice/voice-clone-list";
import { voiceSessionsQuery } from "../../features/voice/voice-queries";
import { VoiceRecorder } from "../../features/voice/voice-recorder";
import { VoiceSessionList } from "../../features/voice/voice-session-list";
import { VoiceStats } from "../../features/voice/voice-stats";

export const meta: MetaFunction = () => [{ title: "Voice Training Hub · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * Voice Training Hub, in the spec's order: record sessions (the server measures length and quality) with a passage to
 * read beside the recorder (below it on a phone, side by side once the content column is wide enough), the stats strip,
 * Clone My Voice, the newest clone's training status and test, the sessions, and the clones.
 */
export default function VoiceSection() {
  const list = useQuery(voiceSessionsQuery);
  return (
    <div className="grid min-w-0 gap-6">
      <header>
        <h1 className="text-3xl font-semibold">Voice Training Hub</h1>
        <p className="mt-2 text-muted">Record yourself speaking naturally, then train a voice from your sessions. Everything stays private to you.</p>
      </header>
      <div className="@container min-w-0">
        {/* The recorder first, so that on a phone its Start button is in the first screen with the passage just below;
            side by side once the column is wide enough, in the same order, so focus follows what is seen. */}
        <div className="grid items-start gap-6 @2xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <VoiceRecorder />
          <ReadingPassages />
        </div>
      </div>
      <VoiceStats totals={list.data?.totals} />
      <CloneVoiceForm />
      <TrainingStatusPanel />
      <VoiceSessionList sessions={list.data?.sessions} isError={list.isError} onRetry={() => void list.refetch()} />
      <VoiceCloneList />
    </div>
  );
}
