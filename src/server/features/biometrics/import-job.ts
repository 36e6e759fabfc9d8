import { and, eq } from "drizzle-orm";
import { biometricMessages } from "../../../contract";
import type { AppContext } from "../../app-context";
import { biometricImports } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { JobHandler } from "../../platform/jobs/job-worker";
import { safeErrorLine } from "../../platform/log-safe-error";
import { createDailyAggregator } from "./daily-aggregate";
import { ExportUnreadableError, readExport } from "./read-export";
import { BIOMETRIC_IMPORT_JOB } from "./imports";
import { storeImport, type LatestValue } from "./store-import";
import type { Reading } from "./metrics";

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
      await ctx.storage.remove(row.key);
      await update(userId, importId, { storageKey: null });
    }
  };
  return {
    kind: BIOMETRIC_IMPORT_JOB,
    async run(payload) {
      const userId = String(payload.userId);
      const importId = String(payload.importId);
      const [row] = await withUserScope(ctx.db, userId, (tx) => tx.select().from(biometricImports).where(and(eq(biometricImports.id, importId), eq(biometricImports.userId, userId))));
      if (!row || row.status === "done" || row.status === "failed") return;
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
      const onProgress = (share: number) => {
        if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = Date.now();
        progressWrite = progressWrite.then(() => update(userId, importId, { progress: Math.min(0.99, share) })).catch(() => {});
      };
      let result;
      try {
        result = await readExport(local.path, row.filename, onReading, onProgress);
      } catch (error) {
        if (error instanceof ExportUnreadableError) throw new ImportRefused(error.reason ? biometricMessages.damaged(error.reason) : biometricMessages.notAnExport);
        throw error;
      } finally {
        await local.release();
        await progressWrite;
      }
      const days = aggregator.values();
      if (days.length === 0) throw new ImportRefused(biometricMessages.nothingFound);
      // A night's latest "reading" is that night's total, not its last stage.
      const sleepTotals = new Map(days.filter((d) => d.metric === "sleep_minutes").map((d) => [`${d.source}\u0000${d.day}`, d.value]));
      const newest = [...latest.values()].flatMap((l) => {
        if (l.metric !== "sleep_minutes") return [l];
        const total = sleepTotals.get(`${l.source}\u0000${l.day}`);
        return total === undefined ? [] : [{ ...l, value: total }];
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
    isRetryable: (error) => !(error instanceof ImportRefused),
    describeError: (error) => {
      if (error instanceof ImportRefused) return error.message;
      console.error("biometric import failed:", safeErrorLine(error));
      return biometricMessages.gaveUp;
    },
    async onGiveUp(payload, message) {
      const userId = String(payload.userId);
      const importId = String(payload.importId);
      await update(userId, importId, { status: "failed", error: message, finishedAt: new Date() });
      await removeUpload(userId, importId);
    },
  };
}
