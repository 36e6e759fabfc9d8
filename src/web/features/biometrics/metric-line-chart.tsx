import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { BiometricSeries } from "../../../contract/biometrics";
import { formatDay } from "../../lib/format";

/**
 * One metric over time (Recharts, as on Personality Mapping; loaded only with this page). No dots and no animation, so
 * five years of days draw as one smooth line; the server sends weekly means past 400 days.
 */
export default function MetricLineChart({ series, axisLabel, summary }: { series: BiometricSeries; axisLabel: string; summary: string }) {
  return (
    <div role="img" aria-label={summary} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={series.points} margin={{ top: 8, right: 12, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(day: string) => formatDay(day)} minTickGap={48} tick={{ fill: "#57534e", fontSize: 11 }} />
          <YAxis
            domain={["auto", "auto"]}
            width={64}
            tick={{ fill: "#57534e", fontSize: 11 }}
            label={{ value: axisLabel, angle: -90, position: "insideLeft", fill: "#44403c", fontSize: 12, style: { textAnchor: "middle" } }}
          />
          <Tooltip labelFormatter={(day) => (series.bucket === "week" ? `Week of ${formatDay(String(day))}` : formatDay(String(day)))} formatter={(v) => [Math.round(Number(v) * 10) / 10, axisLabel]} />
          <Line type="monotone" dataKey="value" stroke="#6d28d9" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
