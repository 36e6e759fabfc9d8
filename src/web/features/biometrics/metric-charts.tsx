import { useQuery } from "@tanstack/react-query";
import { LineChart as ChartIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { biometricMetricInfo, type BiometricMetricName } from "../../../contract/biometric-options";
import type { BiometricSeries } from "../../../contract/biometrics";
import { formatDay } from "../../lib/format";
import { Card } from "../../ui/card";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { seriesQuery, type SeriesRange } from "./biometrics-queries";
import { formatReading } from "./format-reading";

const MetricLineChart = lazy(() => import("./metric-line-chart"));
const ranges: { value: SeriesRange; label: string }[] = [
  { value: "90d", label: "90 days" },
  { value: "1y", label: "1 year" },
  { value: "all", label: "All" },
];

/** The axis names the unit, and for HRV the method: SDNN and RMSSD are never drawn on one axis. */
const axisLabel = (metric: BiometricMetricName) => `${biometricMetricInfo[metric].label} (${biometricMetricInfo[metric].unit})`;

function summaryOf(metric: BiometricMetricName, series: BiometricSeries): string {
  const values = series.points.map((p) => p.value);
  const first = series.points[0]!;
  const last = series.points.at(-1)!;
  return `${biometricMetricInfo[metric].label}, ${series.bucket === "week" ? "weekly means" : "daily values"} from ${formatDay(first.day)} to ${formatDay(last.day)}: lowest ${formatReading(metric, Math.min(...values))}, highest ${formatReading(metric, Math.max(...values))}, latest ${formatReading(metric, last.value)}.`;
}

function Chart({ metric, range }: { metric: BiometricMetricName; range: SeriesRange }) {
  const series = useQuery(seriesQuery(metric, range));
  if (series.isPending) return <Spinner label="Loading the chart…" />;
  if (series.isError) return <LoadFailed message="Could not load this chart." onRetry={() => void series.refetch()} />;
  if (series.data.points.length === 0) return <p className="text-muted">No {biometricMetricInfo[metric].label.toLowerCase()} in this range.</p>;
  const summary = summaryOf(metric, series.data);
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted" data-testid="chart-summary">
        {summary} Each day is {biometricMetricInfo[metric].daily}, from one device.
      </p>
      <Suspense fallback={<Spinner label="Drawing the chart…" />}>
        <MetricLineChart series={series.data} axisLabel={axisLabel(metric)} summary={summary} />
      </Suspense>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-strong underline">Show the values as a table</summary>
        <div className="relative mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{axisLabel(metric)}</caption>
            <thead>
              <tr>
                <th scope="col">{series.data.bucket === "week" ? "Week of" : "Day"}</th>
                <th scope="col">{axisLabel(metric)}</th>
              </tr>
            </thead>
            <tbody>
              {[...series.data.points].reverse().map((p) => (
                <tr key={p.day}>
                  <td>{formatDay(p.day)}</td>
                  <td>{formatReading(metric, p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** Each measurement over time: choose the measurement and the range. */
export function MetricCharts({ metrics }: { metrics: BiometricMetricName[] }) {
  const [chosen, setChosen] = useState<BiometricMetricName | null>(null);
  const [range, setRange] = useState<SeriesRange>("1y");
  const metric = chosen && metrics.includes(chosen) ? chosen : metrics[0];
  return (
    <Card id="biometric-charts" title="Over Time" icon={<ChartIcon aria-hidden="true" className="h-5 w-5 text-brand" />}>
      {!metric ? (
        <p className="text-muted">Charts appear here once an export is imported.</p>
      ) : (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm font-medium">
              Measurement
              <select value={metric} onChange={(e) => setChosen(e.target.value as BiometricMetricName)} className="min-h-11 rounded-lg border border-stone-300 bg-white px-3">
                {metrics.map((m) => (
                  <option key={m} value={m}>
                    {biometricMetricInfo[m].label}
                  </option>
                ))}
              </select>
            </label>
            <div role="group" aria-label="Range" className="flex gap-1">
              {ranges.map((r) => (
                <button
                  key={r.value}
                  type="button"
                  aria-pressed={range === r.value}
                  onClick={() => setRange(r.value)}
                  className={`min-h-11 rounded-lg border px-3 text-sm ${range === r.value ? "border-brand bg-violet-50 font-medium text-brand-strong" : "border-stone-300 bg-white"}`}
                >
                  {r.label}
                </button>
              ))}
            </div>
          </div>
          <Chart metric={metric} range={range} />
        </div>
      )}
    </Card>
  );
}
