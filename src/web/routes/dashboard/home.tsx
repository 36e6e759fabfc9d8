import { useQuery } from "@tanstack/react-query";
import type { MetaFunction } from "react-router";
import { BiometricSyncCard } from "../../features/overview/biometric-sync-card";
import { ConsciousnessCard } from "../../features/overview/consciousness-card";
import { LiveMonitorCard } from "../../features/overview/live-monitor-card";
import { MappingProgressCard } from "../../features/overview/mapping-progress-card";
import { MemoriesCountCard } from "../../features/overview/memories-count-card";
import { overviewQuery } from "../../lib/queries";
import { PersonalitySummaryCard } from "../../features/overview/personality-summary-card";
import { QuickActions } from "../../features/overview/quick-actions";
import { RecentMemoriesCard } from "../../features/overview/recent-memories-card";
import { TwinLabCard } from "../../features/overview/twin-lab-card";
import { VoiceHoursCard } from "../../features/overview/voice-hours-card";
import { messageOf } from "../../lib/api-client";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Consciousness Home · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Consciousness Home (sized by its own width, since the side menu and panel take part of the screen): every figure computed by the server from the person's own data, or an honest empty state. */
export default function DashboardHome() {
  const overview = useQuery(overviewQuery);
  const data = overview.data;

  return (
    <div className="@container grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold">Your Consciousness Dashboard</h1>
        <p className="mt-2 text-muted">Everything Mindprint has recorded of you so far, and where to add more.</p>
      </header>
      {overview.isPending ? (
        <Spinner label="Loading your overview…" />
      ) : !data ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-red-800">
            {messageOf(overview.error, "We could not load your overview.")} Please try again.
          </p>
          <Button variant="secondary" className="mt-2" disabled={overview.isFetching} onClick={() => void overview.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 @md:grid-cols-2 @4xl:grid-cols-4">
            <ConsciousnessCard completeness={data.completeness} />
            <VoiceHoursCard voice={data.voice} />
            <MemoriesCountCard memories={data.memories} />
            <BiometricSyncCard sync={data.biometricSync} />
          </div>
          <QuickActions />
          <div className="grid grid-cols-1 gap-6 @2xl:grid-cols-2">
            <PersonalitySummaryCard reflection={data.reflection} />
            <MappingProgressCard mapping={data.mapping} />
            <RecentMemoriesCard recent={data.memories.recent} />
            <LiveMonitorCard />
            <TwinLabCard overview={data} />
          </div>
        </>
      )}
    </div>
  );
}
