import type { CaptureSignals } from "../../../contract/capture";

const one = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 1 });

/** Each signal in words with its unit, or "—" when its signal was absent (docs/formulas.md, "Capture signals"). */
export function signalRows(s: CaptureSignals | null): Array<[label: string, value: string]> {
  const or = <T,>(v: T | null | undefined, f: (v: T) => string) => (v === null || v === undefined ? "—" : f(v));
  return [
    ["Loudness", or(s?.loudnessDbfs, (v) => `${one(v)} dBFS`)],
    ["Pitch", or(s?.pitchHz, (v) => `${Math.round(v)} Hz`)],
    ["Pitch variation", or(s?.pitchVariationSemitones, (v) => `${one(v)} semitones`)],
    ["Speaking rate", or(s?.syllablesPerSecond, (v) => `${one(v)} syllables/s`)],
    ["Pauses (½ s or longer)", s && s.speechSeconds > 0 ? `${s.pauses}${s.meanPauseSeconds === null ? "" : `, ${one(s.meanPauseSeconds)} s on average`}` : "—"],
    ["Cognitive load (estimate)", or(s?.cognitiveLoad, (v) => `${one(v)} / 10`)],
  ];
}

export function SignalList({ signals, label, testId }: { signals: CaptureSignals | null; label: string; testId: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2" data-testid={testId}>
      {signalRows(signals).map(([name, value]) => (
        <div key={name} className="flex justify-between gap-3 border-b border-stone-100 py-1">
          <dt className="text-muted">{name}</dt>
          <dd className="text-right font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
