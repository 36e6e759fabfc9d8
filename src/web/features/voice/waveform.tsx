import { WAVEFORM_BARS } from "./use-recorder";

/**
 * The live waveform: 50 bars from the analyser while recording, otherwise the idle text.
 * The bars are decorative (aria-hidden); a visually hidden status says what they show.
 */
export function Waveform({ levels, recording }: { levels: number[] | null; recording: boolean }) {
  return (
    <div className="relative flex h-28 items-center justify-center overflow-hidden rounded-xl bg-stone-900 px-2" data-testid="waveform">
      {recording ? (
        <>
          <div aria-hidden="true" className="flex h-full w-full items-center justify-between gap-px">
            {Array.from({ length: WAVEFORM_BARS }, (_, i) => (
              <span
                key={i}
                data-testid="waveform-bar"
                className="block w-full max-w-2 rounded-full bg-violet-300"
                style={{ height: `${Math.max(4, Math.round((levels?.[i] ?? 0) * 100))}%` }}
              />
            ))}
          </div>
          <p className="sr-only">Live waveform of your microphone input.</p>
        </>
      ) : (
        <p className="text-center text-stone-200">Start recording to see live waveform</p>
      )}
    </div>
  );
}
