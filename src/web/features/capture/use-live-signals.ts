import { useCallback, useRef } from "react";
import type { CaptureSignals } from "../../../contract/capture";
import { publishLiveCapture } from "../../lib/live-capture";
import type { Analyse } from "../voice";
import { createFrameMeter, FRAME_SIZE, HOP_SECONDS, summarise, type Frame } from "./signals";

/** The live figures are those of the last 15 seconds, refreshed twice a second. */
const LIVE_WINDOW_SECONDS = 15;
const PUBLISH_MS = 500;

/** The hop between frames as they were actually taken (a busy or hidden tab takes them less often). */
function hopOf(frames: readonly Frame[]): number {
  if (frames.length < 2) return HOP_SECONDS;
  return Math.max(HOP_SECONDS, (frames[frames.length - 1]!.t - frames[0]!.t) / (frames.length - 1));
}

/**
 * Measures the microphone while the recorder runs: a frame every 32 ms from an AnalyserNode, the last 15 seconds'
 * signals published for the side panel, and the whole session's summary once it stops. Only numbers are kept.
 */
export function useLiveSignals() {
  const framesRef = useRef<Frame[]>([]);
  const analyse: Analyse = useCallback((context, source) => {
    framesRef.current = [];
    const analyser = context.createAnalyser();
    analyser.fftSize = FRAME_SIZE;
    source.connect(analyser);
    const measure = createFrameMeter();
    const samples = new Float32Array(FRAME_SIZE);
    const started = performance.now();
    const take = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      framesRef.current.push(measure(samples, context.sampleRate, (performance.now() - started) / 1000));
    }, HOP_SECONDS * 1000);
    const publish = setInterval(() => {
      const frames = framesRef.current;
      const hop = hopOf(frames);
      const recent = frames.slice(-Math.round(LIVE_WINDOW_SECONDS / hop));
      publishLiveCapture({ recording: true, signals: summarise(recent, hop) });
    }, PUBLISH_MS);
    publishLiveCapture({ recording: true, seconds: 0, signals: null });
    return () => {
      clearInterval(take);
      clearInterval(publish);
      analyser.disconnect();
      publishLiveCapture(null);
    };
  }, []);
  const sessionSignals = useCallback((): CaptureSignals | null => (framesRef.current.length ? summarise(framesRef.current, hopOf(framesRef.current)) : null), []);
  return { analyse, sessionSignals };
}
