import { and, eq } from "drizzle-orm";
import { biometricMessages } from "../../../contract";
import type { AppContext } from "../../app-context";
import { biometricImports } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { JobHandler } from "../../platform/jobs/job-worker";
import { safeErrorLine } from "../../platform/log-safe-error";
import { createDailyAggregator, SUMMED_METRICS } from "./daily-aggregate";
import { ExportUnreadableError, readExport, ReadingStopped } from "./read-export";
import { MAX_ENTRIES, MAX_UNPACKED_BYTES, UnpacksTooLargeError } from "./export-files";
import { BIOMETRIC_IMPORT_JOB } from "./imports";
import { storeImport, type LatestValue } from "./store-import";
import type { Reading } from "./metrics";
import { removeStored } from "../../platform/storage/file-removal";

/** A file that will not read on a second attempt either: the person is told why, and nothing is stored. */
class ImportRefused extends Error {}

type Newest = LatestValue & { day: string };

/** Progress is written at most this often: the page polls it, and each write is a transaction. */
const PROGRESS_EVERY_MS = 1000;

/**
 * The import job: reads the uploaded export in one pass (zip entries and XML/JSON/CSV as streams), builds daily
 * aggregates in memory proportional to the number of days, then stores them and the newest readings in one
 * transaction, so a file that breaks half way changes nothing. The upload is removed once read, whatever the outcome.
 */
export function biometricImportJob(ctx: AppContext): JobHandler {
  const update = (userId: string, importId: string, values: Partial<typeof biometricImports.$inferInsert>) =>
    withUserScope(ctx.db, userId, (tx) => tx.update(biometricImports).set(values).where(and(eq(biometricImports.id, importId), eq(biometricImports.userId, userId))));
  const removeUpload = async (userId: string, importId: string) => {
    const [row] = await withUserScope(ctx.db, userId, (tx) => tx.select({ key: biometricImports.storageKey }).from(biometricImports).where(eq(biometricImports.id, importId)));
    if (row?.key) {
      await removeStored(ctx, { key: row.key });
      await update(userId, importId, { storageKey: null });
    }
  };
  return {
    kind: BIOMETRIC_IMPORT_JOB,
    async run(payload, job, renewLease) {
      const userId = String(payload.userId);
      const importId = String(payload.importId);
      const [row] = await withUserScope(ctx.db, userId, (tx) => tx.select().from(biometricImports).where(and(eq(biometricImports.id, importId), eq(biometricImports.userId, userId))));
      if (!row) return;
      // Stored before a crash that came before the upload was removed: only the removal is left to do.
      if (row.status === "done" || row.status === "failed") return removeUpload(userId, importId);
      const local = row.storageKey ? await ctx.storage.localFile(row.storageKey) : null;
      if (!local) throw new ImportRefused(biometricMessages.gaveUp);
      await update(userId, importId, { status: "running", progress: 0 });
      const aggregator = createDailyAggregator();
      const latest = new Map<string, Newest>();
      let lastWrite = Date.now();
      let progressWrite: Promise<unknown> = Promise.resolve();
      const onReading = (reading: Reading) => {
        aggregator.add(reading);
        const key = `${reading.source}\u0000${reading.metric}`;
        const seen = latest.get(key);
        if (!seen || reading.end > seen.at) latest.set(key, { source: reading.source, metric: reading.metric, at: reading.end, value: reading.value, day: reading.day });
      };
      // A large export can take longer than one lease: each progress write renews it, and a job another worker has
      // taken over (this one stalled past its lease) stops instead of storing the file twice.
      let leaseLost = false;
      const onProgress = (share: number) => {
        if (leaseLost) throw new ReadingStopped("the job's lease was lost");
        if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = Date.now();
        progressWrite = progressWrite
          .then(async () => {
            if (!(await renewLease())) leaseLost = true;
            await update(userId, importId, { progress: Math.min(0.99, share) });
          })
          .catch(() => {});
      };
      let result;
      try {
        result = await readExport(local.path, row.filename, onReading, onProgress);
      } catch (error) {
        if (error instanceof ExportUnreadableError) throw new ImportRefused(error.reason ? biometricMessages.damaged(error.reason) : biometricMessages.notAnExport);
        if (error instanceof UnpacksTooLargeError) throw new ImportRefused(biometricMessages.unpacksTooLarge(MAX_UNPACKED_BYTES / 1024 ** 3, MAX_ENTRIES));
        throw error;
      } finally {
        await local.release();
        await progressWrite;
      }
      const days = aggregator.values();
      if (leaseLost) throw new ReadingStopped("the job's lease was lost");
      if (days.length === 0) throw new ImportRefused(biometricMessages.nothingFound);
      // The newest "reading" of a daily total (a night's sleep, a day's steps) is that day's total, not its last piece.
      const totals = new Map(days.filter((d) => SUMMED_METRICS.has(d.metric)).map((d) => [`${d.source}\u0000${d.metric}\u0000${d.day}`, d.value]));
      const newest = [...latest.values()].flatMap((l) => {
        const source = aggregator.sourceName(l.source);
        if (!SUMMED_METRICS.has(l.metric)) return [{ ...l, source }];
        const total = totals.get(`${source}\u0000${l.metric}\u0000${l.day}`);
        return total === undefined ? [] : [{ ...l, source, value: total }];
      });
      await withUserScope(ctx.db, userId, async (tx) => {
        const stored = await storeImport(tx, userId, result.format, days, newest);
        await tx
          .update(biometricImports)
          .set({ status: "done", format: result.format, progress: 1, records: result.records, kept: result.kept, days: stored, error: null, finishedAt: new Date() })
          .where(and(eq(biometricImports.id, importId), eq(biometricImports.userId, userId)));
      });
      await removeUpload(userId, importId);
    },
    // A refused file will not read on a retry. A stopped one belongs to the worker that took it over: "retryable", so
    // this worker does not give it up (its queue update, made only as the holder, then changes nothing).
    isRetryable: (error) => !(error instanceof ImportRefused),
    describeError: (error) => {
      if (error instanceof ImportRefused) return error.message;
      console.error("biometric import failed:", safeErrorLine(error));
      return biometricMessages.gaveUp;
    },
    // The import killed its worker (out of memory) on every attempt: the person hears why, not a generic failure.
    describeStop: () => biometricMessages.stoppedReading,
    async onGiveUp(payload, message) {
      const userId = String(payload.userId);
      const importId = String(payload.importId);
      await update(userId, importId, { status: "failed", error: message, finishedAt: new Date() });
      await removeUpload(userId, importId);
    },
  };
}
