import { ProgressBar } from "../../ui/progress-bar";

const stepLabels: Record<number, string> = {
  0: "Starting…",
  25: "Request sent: preparing your file…",
  50: "Your file is arriving…",
  75: "File complete: saving it…",
  100: "Saved to your downloads.",
};

/** The export's progress bar (steps 25, 50, 75, 100) with a label for the current step. */
export function ExportProgress({ id, value }: { id: string; value: number | null }) {
  if (value === null) return null;
  const label = stepLabels[value] ?? `${value}%`;
  return (
    <div className="grid gap-1">
      <p id={`${id}-label`} className="text-sm" aria-live="polite">
        {label}
      </p>
      <ProgressBar labelledBy={`${id}-label`} value={value} valueText={`${value}%: ${label}`} />
    </div>
  );
}
