import { useSyncExternalStore } from "react";
import type { CaptureSignals } from "../../contract/capture";

/** What a capture session is measuring right now, for the side panel: nothing is stored here but the latest figures. */
export interface LiveCapture {
  recording: boolean;
  seconds: number;
  /** The signals of the last seconds of speech; null before any were measured. */
  signals: CaptureSignals | null;
  /** The camera panel's cues while it is on (attention 0–100 %, the expression's label), else null. */
  camera: { attention: number | null; emotion: string } | null;
}

const IDLE: LiveCapture = { recording: false, seconds: 0, signals: null, camera: null };
let current = IDLE;
const listeners = new Set<() => void>();

/**
 * Updates what the side panel shows: the capture page calls it while recording (and with `null` when the recording
 * stops, which keeps the camera's cues), the camera panel with its cues (and `camera: null` when it is turned off).
 */
export function publishLiveCapture(patch: Partial<LiveCapture> | null): void {
  current = patch === null ? { ...IDLE, camera: current.camera } : { ...current, ...patch };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLiveCapture = () => useSyncExternalStore(subscribe, () => current, () => IDLE);
