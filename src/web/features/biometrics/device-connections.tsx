import { Upload, Watch } from "lucide-react";
import { useId, useRef } from "react";
import { biometricFormatLabels, biometricMetricInfo } from "../../../contract/biometric-options";
import type { BiometricImport, Biometrics, BiometricSource } from "../../../contract/biometrics";
import { messageOf } from "../../lib/api-client";
import { formatBytes, formatCount, formatDateTime, formatDay } from "../../lib/format";
import { Card } from "../../ui/card";
import { ConfirmDelete } from "../../ui/confirm-delete";
import { ProgressBar } from "../../ui/progress-bar";
import { useRemoveSource, useUploadExport } from "./biometrics-queries";

const deviceLabels: Record<BiometricSource["device"], string> = { watch: "Watch", ring: "Ring", tracker: "Fitness tracker", phone: "Smartphone sensors", other: "Device" };

/** Where each device's export comes from, for someone who has never exported one. */
const howToExport = [
  { device: "Apple Watch and iPhone", steps: "In the Health app, tap your picture, then Export All Health Data. Upload the export.zip it makes." },
  { device: "Fitbit", steps: "At takeout.google.com (or Fitbit's Data Export), export your Fitbit data. Upload the .zip Google sends." },
  { device: "Oura Ring", steps: "In Oura's web dashboard or Membership Hub, choose Export data. Upload the .csv or the .zip." },
  { device: "Smartphone sensors", steps: "Steps and sleep your phone records arrive with Apple Health's export; an Android phone's arrive with a Fitbit / Google Takeout." },
];

function ImportStatus({ item }: { item: BiometricImport }) {
  const labelId = useId();
  if (item.status === "pending" || item.status === "running") {
    const percent = Math.round(item.progress * 100);
    return (
      <div className="grid gap-1" data-testid="import-progress">
        <p id={labelId}>
          Reading {item.filename} ({formatBytes(item.bytes)}): {item.status === "pending" ? "waiting to start" : `${percent}%`}. You can leave this page; the import carries on.
        </p>
        <ProgressBar value={percent} labelledBy={labelId} valueText={`${percent}%`} />
      </div>
    );
  }
  if (item.status === "failed") {
    return (
      <p className="text-red-700">
        {item.filename}: {item.error}
      </p>
    );
  }
  return (
    <p className="text-muted">
      {item.filename}: {formatCount(item.kept)} readings kept from {formatCount(item.records)} records, {formatCount(item.days)} daily figures stored
      {item.finishedAt ? `, ${formatDateTime(item.finishedAt)}` : ""}.
    </p>
  );
}

function UploadExport({ data }: { data: Biometrics }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadExport();
  const busy = upload.isPending || data.imports.some((i) => i.status === "pending" || i.status === "running");
  const maxGb = data.maxUploadMegabytes / 1024;
  const send = (file: File | undefined) => {
    if (file) upload.mutate(file, { onSettled: () => input.current && (input.current.value = "") });
  };
  const sentPercent = upload.sent === null ? null : Math.round(upload.sent * 100);
  return (
    <div className="grid gap-2">
      <label htmlFor="biometric-export" className="font-medium">
        Upload a device export
      </label>
      <p id="biometric-export-hint" className="text-sm text-muted">
        Apple Health export.zip, Fitbit / Google Takeout .zip, or Oura .csv, up to {maxGb >= 1 ? `${Math.round(maxGb * 10) / 10} GB` : `${data.maxUploadMegabytes} MB`}. Only daily
        figures are kept; the file is deleted once read.
        {busy && " The next file can be chosen once the one being read has finished."}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id="biometric-export"
          type="file"
          accept=".zip,.csv,.json,application/zip,text/csv"
          aria-describedby="biometric-export-hint"
          disabled={busy}
          onChange={(event) => send(event.target.files?.[0])}
          className="max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand file:px-4 file:py-2 file:font-medium file:text-white disabled:opacity-60"
        />
        <Upload aria-hidden="true" className="h-4 w-4 text-muted" />
      </div>
      {sentPercent !== null && (
        <div className="grid gap-1">
          <p id="upload-sent-label">Uploading: {sentPercent}%</p>
          <ProgressBar value={sentPercent} labelledBy="upload-sent-label" valueText={`${sentPercent}%`} />
        </div>
      )}
      {upload.isError && (
        <p role="alert" className="text-red-700">
          {messageOf(upload.error, "The upload failed. Check your connection and try again.")}
        </p>
      )}
      {upload.data?.duplicate && (
        <p role="status" className="text-muted">
          You imported this very file before ({formatDateTime(upload.data.import.createdAt)}); nothing changed.
        </p>
      )}
    </div>
  );
}

function SourceRow({ source }: { source: BiometricSource }) {
  const remove = useRemoveSource();
  return (
    <li className="grid gap-2 rounded-xl border border-stone-200 p-3 sm:grid-cols-[1fr_auto] sm:items-start" data-testid="biometric-source">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {source.name} <span className="text-sm font-normal text-muted">· {deviceLabels[source.device]} · {biometricFormatLabels[source.format]}</span>
        </p>
        <p className="text-sm text-muted">
          {formatDay(source.firstDay)} – {formatDay(source.lastDay)} · {formatCount(source.readings)} readings · last import {formatDateTime(source.lastImportAt)}
        </p>
        <p className="text-sm text-muted">{source.metrics.map((m) => biometricMetricInfo[m].label).join(", ")}</p>
        {remove.isError && (
          <p role="alert" className="text-red-700">
            {messageOf(remove.error)}
          </p>
        )}
      </div>
      <ConfirmDelete
        question={`Remove ${source.name} and all its readings?`}
        pending={remove.isPending}
        actionLabel="Remove"
        triggerLabel={`Remove ${source.name}`}
        onConfirm={(cancel) => remove.mutate(source.id, { onError: cancel })}
      />
    </li>
  );
}

/** One polite announcement when the newest import finishes or fails (the list itself stays quiet). */
function ImportAnnouncement({ newest }: { newest: BiometricImport | undefined }) {
  const text =
    newest?.status === "done"
      ? `${newest.filename} is imported.`
      : newest?.status === "failed"
        ? `${newest.filename} could not be imported: ${newest.error}`
        : newest
          ? `Reading ${newest.filename}.`
          : "";
  return (
    <p role="status" className="sr-only">
      {text}
    </p>
  );
}

/** Device Connections: what has been imported, from where and when; the upload; removing a device. */
export function DeviceConnections({ data }: { data: Biometrics }) {
  return (
    <Card id="device-connections" title="Device Connections" icon={<Watch aria-hidden="true" className="h-5 w-5 text-brand" />}>
      <div className="grid gap-4">
        {data.sources.length === 0 ? (
          <div className="grid gap-2">
            <p className="font-medium">No Devices Connected</p>
            <p className="text-muted">Mindprint reads the export files your devices' apps make; nothing connects to your devices directly.</p>
            <ul className="grid gap-2 sm:grid-cols-2">
              {howToExport.map((d) => (
                <li key={d.device} className="rounded-xl border border-dashed border-stone-300 p-3 text-sm">
                  <span className="block font-medium">{d.device}</span>
                  {d.steps}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <ul className="grid gap-2" aria-label="Connected devices">
            {data.sources.map((s) => (
              <SourceRow key={s.id} source={s} />
            ))}
          </ul>
        )}
        <UploadExport data={data} />
        <ImportAnnouncement newest={data.imports[0]} />
        {data.imports.length > 0 && (
          <div className="grid gap-2">
            <h3 className="font-medium">Recent imports</h3>
            <ul className="grid gap-2 text-sm">
              {data.imports.map((i) => (
                <li key={i.id}>
                  <ImportStatus item={i} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Card>
  );
}
