import { ordinal } from "../../lib/format";
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer } from "recharts";

/**
 * The five domains' percentiles as a radar (Recharts, loaded only with this page). It is a picture of the table next
 * to it, which carries the same numbers for screen readers and keyboards.
 */
export default function DomainRadar({ domains }: { domains: { label: string; percentile: number }[] }) {
  return (
    <div role="img" aria-label={`Radar chart of your five domains: ${domains.map((d) => `${d.label} ${ordinal(d.percentile)} percentile`).join(", ")}`} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <RadarChart data={domains} outerRadius="70%">
          <PolarGrid stroke="#d6d3d1" />
          <PolarAngleAxis dataKey="label" tick={{ fill: "#44403c", fontSize: 12 }} />
          <PolarRadiusAxis domain={[0, 100]} tickCount={5} tick={{ fill: "#57534e", fontSize: 10 }} angle={90} />
          <Radar dataKey="percentile" stroke="#6d28d9" fill="#7c3aed" fillOpacity={0.35} isAnimationActive={false} />
        </RadarChart>
      </ResponsiveContainer>
    </div>
  );
}
