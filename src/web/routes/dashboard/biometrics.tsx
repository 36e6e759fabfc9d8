import { useQuery } from "@tanstack/react-query";
import type { MetaFunction } from "react-router";
import { biometricsQuery, useRefreshWhenImported } from "../../features/biometrics/biometrics-queries";
import { DeviceConnections } from "../../features/biometrics/device-connections";
import { ConsciousnessStateBox, LatestReadings } from "../../features/biometrics/latest-readings";
import { MetricCharts } from "../../features/biometrics/metric-charts";
import { TrendCards } from "../../features/biometrics/trend-cards";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Biometric Intelligence · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Biometric Intelligence: device exports imported, the newest readings, the state they suggest, trends and charts. */
export default function BiometricsSection() {
  const state = useQuery(biometricsQuery);
  useRefreshWhenImported(state.data);
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold">Biometric Intelligence</h1>
        <p className="mt-2 text-muted">Optional and private: heart rate, HRV, sleep and more from your watch's or ring's own export, compared with your own usual.</p>
      </header>
      {state.isPending ? (
        <Spinner label="Loading your device data…" />
      ) : state.isError ? (
        <LoadFailed message="Could not load your device data." onRetry={() => void state.refetch()} />
      ) : (
        <>
          <DeviceConnections data={state.data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <LatestReadings latest={state.data.latest} />
            <ConsciousnessStateBox state={state.data.state} />
          </div>
          <TrendCards trends={state.data.trends} />
          <MetricCharts metrics={state.data.metrics} />
        </>
      )}
    </div>
  );
}
