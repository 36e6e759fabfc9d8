import type { VoiceSession } from "../../../contract/voice";
import { FormulaLink } from "../../ui/formula-link";

const tone: Record<string, string> = {
  Excellent: "bg-emerald-50 text-emerald-800",
  Good: "bg-sky-50 text-sky-800",
  Fair: "bg-amber-50 text-amber-900",
  Poor: "bg-red-50 text-red-800",
  "No speech detected": "bg-slate-100 text-slate-800",
};

/** The quality the server measured from the recording itself: its label and why. */
export function SessionQuality({ quality, testId }: { quality: VoiceSession["quality"]; testId?: string }) {
  if (!quality) return <p data-testid={testId} className="text-sm text-muted">Session Quality: not measured</p>;
  return (
    <p data-testid={testId} className="text-sm">
      <span className="font-medium">Session Quality: </span>
      <span data-testid={testId ? `${testId}-label` : undefined} className={`rounded-full px-2 py-0.5 font-semibold ${tone[quality.label] ?? ""}`}>
        {quality.label}
      </span>
      <span className="mt-1 block text-muted">
        {quality.reason} <FormulaLink topic="sessionQuality" />
      </span>
    </p>
  );
}
