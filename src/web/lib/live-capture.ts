import { useSyncExternalStore } from "react";
import type { CaptureSignals } from "../../contract/capture";

/** What a capture session is measuring right now, for the side panel: nothing is stored here but the latest figures. */
export interface LiveCapture {
  recording: boolean;
  seconds: number;
  /** The signals of the last seconds of speech; null before any were measured. */
  signals: CaptureSignals | null;
}

const IDLE: LiveCapture = { recording: false, seconds: 0, signals: null };
let current = IDLE;
const listeners = new Set<() => void>();

/** Updates what the side panel shows (the capture page calls it while recording, and with `null` when it stops). */
export function publishLiveCapture(patch: Partial<LiveCapture> | null): void {
  current = patch === null ? IDLE : { ...current, ...patch };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLiveCapture = () => useSyncExternalStore(subscribe, () => current, () => IDLE);
