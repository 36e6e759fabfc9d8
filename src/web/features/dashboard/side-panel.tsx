import { useQuery } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { useLiveCapture } from "../../lib/live-capture";
import { overviewQuery } from "../../lib/queries";
import { formatClock } from "../voice";
import { formatTime } from "../../lib/format";
import { FormulaLink } from "../../ui/formula-link";

/** Reads our own API and database health every 30 s: "Connected" only when both answer. */
function useConnection() {
  return useQuery({
    queryKey: ["health"],
    queryFn: () => callApi("health"),
    refetchInterval: 30_000,
    retry: false,
  });
}

/**
 * The side panel. Every figure is either measured or shown as "—": completeness comes from the overview
 * (the same query as Consciousness Home); the live signals appear once the capture screen measures them.
 */
export function SidePanel() {
  const health = useConnection();
  const overview = useQuery(overviewQuery).data;
  const percent = overview?.completeness.percent;
  const heart = overview?.heartRate ?? null;
  const connected = health.data?.status === "ok";
  const capture = useLiveCapture();
  const load = capture.signals?.cognitiveLoad;
  // Attention and emotion come from the camera panel while it is on, heart rate only from an imported device reading.
  const live = [
    ["Cognitive load (est.)", load === null || load === undefined ? "—" : `${load.toLocaleString(undefined, { maximumFractionDigits: 1 })}/10`],
    ["Attention", capture.camera?.attention === null || capture.camera?.attention === undefined ? "—" : `${capture.camera.attention}%`],
    ["Emotion", capture.camera?.emotion ?? "—"],
    ["Heart rate", heart ? `${heart.bpm} bpm at ${formatTime(heart.at)}` : "—"],
  ] as const;
  return (
    <aside aria-label="Status" className="space-y-4 text-sm">
      <div className="rounded-xl border border-stone-200 bg-white p-4">
        <p className="text-muted">Consciousness completeness</p>
        <p className="mt-1 text-2xl font-semibold" data-testid="completeness">
          {percent === undefined ? "—" : `${percent}%`}
        </p>
        <FormulaLink topic="completeness" />
      </div>
      <div className="flex items-center gap-2 rounded-xl border border-stone-200 bg-white p-4" role="status" aria-live="polite">
        <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${connected ? "bg-green-600" : health.isPending ? "bg-stone-400" : "bg-red-600"}`} />
        <span data-testid="connection">{health.isPending ? "Checking..." : connected ? "Connected" : "Offline"}</span>
      </div>
      <div className="rounded-xl border border-stone-200 bg-white p-4" data-testid="live-consciousness">
        <div className="flex items-center justify-between gap-2">
          <p className="font-medium">Live Consciousness</p>
          {capture.recording && (
            <span role="timer" aria-label="Capture time" data-testid="side-capture-timer" className="font-mono tabular-nums">
              {formatClock(capture.seconds)}
            </span>
          )}
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-y-1">
          {live.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="text-right">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-muted">
          {capture.recording || capture.camera
            ? `Estimates read in this browser${capture.recording ? ": cognitive load from your voice over the last 15 seconds" : ""}${capture.camera ? `${capture.recording ? ";" : ":"} attention and emotion from the camera panel` : ""}.`
            : "No live signals yet: they appear while you record in Consciousness Capture."}
        </p>
        <FormulaLink topic="otherFigures" className="mt-1 inline-block" />
      </div>
    </aside>
  );
}
