import { useCallback, useEffect, useRef, useState } from "react";
import type { EndpointName } from "../../../contract/endpoints";
import type { BodyOf } from "../../../contract/routes";
import { downloadFromApi } from "../../lib/api-client";
import { saveFile } from "../../lib/save-file";

export type DownloadOutcome = "saved" | "failed" | "cancelled";

/**
 * One download at a time from an endpoint: progress steps 25, 50, 75 and 100 (the file handed to the browser),
 * the busy flag reset in every case (saved, failed, cancelled), and the error kept to be shown inline.
 */
export function useFileDownload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops a download that is still running.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async <N extends EndpointName>(name: N, fallbackName: string, body?: BodyOf<N>): Promise<DownloadOutcome> => {
    if (controller.current) return "failed";
    const abort = new AbortController();
    controller.current = abort;
    setIsExporting(true);
    setError(null);
    setCancelled(false);
    setProgress(0);
    try {
      const file = await downloadFromApi(name, body, { onProgress: setProgress, signal: abort.signal });
      saveFile(file.blob, file.fileName ?? fallbackName);
      setProgress(100);
      return "saved";
    } catch (caught) {
      setProgress(null);
      if (abort.signal.aborted) {
        setCancelled(true);
        return "cancelled";
      }
      setError(caught);
      return "failed";
    } finally {
      controller.current = null;
      setIsExporting(false);
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const clearError = useCallback(() => setError(null), []);

  return { start, cancel, progress, isExporting, error, cancelled, clearError };
}
