import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { BiometricMetricName } from "../../../contract/biometric-options";
import type { Biometrics } from "../../../contract/biometrics";
import { callApi, uploadToApi } from "../../lib/api-client";
import { overviewQuery } from "../../lib/queries";

const key = ["biometrics"] as const;
const reading = (data: Biometrics | undefined) => data?.imports.some((i) => i.status === "pending" || i.status === "running") ?? false;

/** The page's data; polled every 1.5 s while an import is being read, so its progress moves on screen. */
export const biometricsQuery = queryOptions({
  queryKey: key,
  queryFn: () => callApi("getBiometrics"),
  refetchInterval: (query) => (reading(query.state.data) ? 1500 : false),
});

export type SeriesRange = "90d" | "1y" | "all";
export const seriesQuery = (metric: BiometricMetricName, range: SeriesRange) =>
  queryOptions({ queryKey: [...key, "series", metric, range], queryFn: () => callApi("getBiometricSeries", undefined, { params: { metric }, query: { range } }) });

/** Everything that shows device data: this page, its charts, Consciousness Home and the side panel. */
function useRefreshAll() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: overviewQuery.queryKey })]);
}

/** Uploads an export with the share of bytes sent; the server's reading of it then shows in the page's data. */
export function useUploadExport() {
  const refresh = useRefreshAll();
  const [sent, setSent] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      setSent(0);
      return uploadToApi("uploadBiometricExport", form, { onUploadProgress: setSent });
    },
    onSettled: async () => {
      setSent(null);
      await refresh();
    },
  });
  return { ...mutation, sent };
}

export function useRemoveSource() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: (id: string) => callApi("deleteBiometricSource", undefined, { params: { id } }), onSuccess: refresh });
}

/** Once an import finishes, Consciousness Home's sync card and the side panel's heart rate may change too. */
export function useRefreshWhenImported(data: Biometrics | undefined) {
  const client = useQueryClient();
  const [wasReading, setWasReading] = useState(false);
  const now = reading(data);
  if (now !== wasReading) {
    setWasReading(now);
    if (!now) void client.invalidateQueries({ queryKey: overviewQuery.queryKey });
  }
}
