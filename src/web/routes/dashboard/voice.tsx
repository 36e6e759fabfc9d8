import { useQuery } from "@tanstack/react-query";
import type { MetaFunction } from "react-router";
import { VoiceCloningComingSoon } from "../../features/voice/voice-cloning-coming-soon";
import { voiceSessionsQuery } from "../../features/voice/voice-queries";
import { VoiceRecorder } from "../../features/voice/voice-recorder";
import { VoiceSessionList } from "../../features/voice/voice-session-list";
import { VoiceStats } from "../../features/voice/voice-stats";

export const meta: MetaFunction = () => [{ title: "Voice Training Hub · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Voice Training Hub: record sessions in the browser, save them (the server measures length and quality), list and delete them. */
export default function VoiceSection() {
  const list = useQuery(voiceSessionsQuery);
  return (
    <div className="grid min-w-0 gap-6">
      <header>
        <h1 className="text-3xl font-semibold">Voice Training Hub</h1>
        <p className="mt-2 text-muted">Record yourself speaking naturally. Each saved session is measured for length and quality and kept private to you.</p>
      </header>
      <VoiceRecorder />
      <VoiceStats totals={list.data?.totals} />
      <VoiceSessionList sessions={list.data?.sessions} isError={list.isError} onRetry={() => void list.refetch()} />
      <VoiceCloningComingSoon />
    </div>
  );
}
