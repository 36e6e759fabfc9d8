import type { VoiceSessions } from "../../../contract/voice";
import { formatRecorded } from "../../lib/format";
import { FormulaLink } from "../../ui/formula-link";

/**
 * The stats strip: Total Recorded (minutes and seconds under an hour, then hours with one decimal), Sessions, Voice Data
 * (MB, one decimal) — the server's totals.
 */
export function VoiceStats({ totals }: { totals: VoiceSessions["totals"] | undefined }) {
  const recorded = totals ? formatRecorded(totals.seconds) : null;
  const figures: [id: string, label: string, value: string, note: string][] = [
    ["hours", "Total Recorded", recorded?.value ?? "…", recorded?.unit ?? "hours"],
    ["sessions", "Sessions", totals ? String(totals.sessions) : "…", totals?.sessions === 1 ? "session" : "sessions"],
    ["megabytes", "Voice Data", totals ? totals.megabytes.toFixed(1) : "…", totals ? `MB of ${totals.quotaMegabytes} MB` : "MB"],
  ];
  return (
    <section aria-label="Voice statistics">
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map(([id, label, value, note]) => (
          <div key={id} data-testid={`voice-stat-${id}`} className="rounded-2xl border border-stone-200 bg-white px-4 py-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-semibold" data-testid={`voice-stat-${id}-value`}>
              {value}
            </dd>
            <dd className="text-sm text-muted">{note}</dd>
          </div>
        ))}
      </dl>
      <FormulaLink topic="otherFigures" className="mt-2 inline-block" />
    </section>
  );
}
