import type { Readable } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import { biometricMessages, type BiometricImport } from "../../../contract";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/client";
import { biometricImports } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { enqueueJob } from "../../platform/jobs/job-queue";
import { AppError } from "../../platform/errors";
import { isUuid } from "../../platform/ids";
import { streamInto } from "../../platform/storage/stream-into";
import { consumeRateLimit } from "../../platform/rate-limit";
import { looksLikeExport } from "./detect-export";
import { removeStored } from "../../platform/storage/file-removal";

export const BIOMETRIC_IMPORT_JOB = "biometric-import";
const UPLOADS_PER_PERSON_PER_HOUR = 20;
const UPLOADS_PER_HOUR = 300;
const MB = 1024 * 1024;

type Row = typeof biometricImports.$inferSelect;

export function presentImport(row: Row): BiometricImport {
  return {
    id: row.id,
    filename: row.filename,
    bytes: row.bytes,
    format: row.format,
    status: row.status,
    progress: Math.min(1, Math.max(0, row.progress)),
    records: row.records,
    kept: row.kept,
    days: row.days,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A file name as the person will recognise it: the base name, without control characters, at most 255 characters. */
function cleanFilename(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 255);
  return clean || "export";
}

const lockImports = (tx: Parameters<Parameters<typeof withUserScope>[2]>[0], userId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`biometric-imports:${userId}`}, 0))`);

async function importInProgress(db: Database, userId: string): Promise<boolean> {
  const rows = await withUserScope(
    db,
    userId,
    (tx) =>
      tx
        .select({ id: biometricImports.id })
        .from(biometricImports)
        .where(and(eq(biometricImports.userId, userId), inArray(biometricImports.status, ["pending", "running"])))
        .limit(1),
    { accessMode: "read only" },
  );
  return rows.length > 0;
}

/**
 * Takes an uploaded export: streamed to a temporary file (hashed and measured on the way, never held in memory),
 * refused at once when it is too large or plainly not an export, then kept under `{userId}/health_{uuid}.upload` and
 * queued for the import job. The same file uploaded again answers its earlier import (a failed one is tried again).
 * One import at a time per person: the files are large, and the second would wait behind the first anyway.
 */
export async function uploadBiometricExport(
  ctx: AppContext,
  userId: string,
  upload: { file: Readable & { truncated?: boolean }; filename?: string },
  beforeCommit: () => Promise<void>,
): Promise<{ row: Row; duplicate: boolean }> {
  const maxMb = ctx.config.BIOMETRIC_MAX_UPLOAD_MB;
  if (await importInProgress(ctx.db, userId)) throw new AppError("biometric_import_running", biometricMessages.importRunning);
  // Each upload may be gigabytes on disk until read: a person's and everyone's uploads per hour are limited first.
  await consumeRateLimit(ctx.db, { key: `biometric-upload:${userId}`, limit: UPLOADS_PER_PERSON_PER_HOUR, windowSeconds: 3600, message: biometricMessages.uploadsLimited });
  await consumeRateLimit(ctx.db, { key: "biometric-upload:all", limit: UPLOADS_PER_HOUR, windowSeconds: 3600, message: biometricMessages.uploadsBusy });
  const pending = await ctx.storage.begin();
  try {
    let received: { sha256: string; head: Buffer };
    try {
      received = await streamInto(pending, upload.file, 4096);
    } catch (error) {
      if (error instanceof AppError || "syscall" in (error as object)) throw error;
      throw new AppError("validation_failed", biometricMessages.uploadIncomplete, { fields: { file: biometricMessages.uploadIncomplete } });
    }
    if (upload.file.truncated || pending.bytes() > maxMb * MB) throw new AppError("biometric_too_large", biometricMessages.tooLarge(maxMb));
    if (pending.bytes() === 0 || !looksLikeExport(received.head)) throw new AppError("biometric_not_an_export", biometricMessages.notAnExport);
    await beforeCommit();
    const { sha256 } = received;
    const id = crypto.randomUUID();
    const key = `${userId}/health_${id}.upload`;
    const result = await withUserScope(ctx.db, userId, async (tx) => {
      await lockImports(tx, userId);
      const [running] = await tx
        .select({ id: biometricImports.id })
        .from(biometricImports)
        .where(and(eq(biometricImports.userId, userId), inArray(biometricImports.status, ["pending", "running"])))
        .limit(1);
      if (running) throw new AppError("biometric_import_running", biometricMessages.importRunning);
      const [earlier] = await tx.select().from(biometricImports).where(and(eq(biometricImports.userId, userId), eq(biometricImports.sha256, sha256)));
      if (earlier && earlier.status === "done") return { row: earlier, duplicate: true };
      // The file is moved into place inside the transaction, so a row never points at a file that is not there.
      await pending.commit(key);
      const values = { filename: cleanFilename(upload.filename), bytes: pending.bytes(), storageKey: key, format: null, status: "pending" as const, progress: 0, records: 0, kept: 0, days: 0, error: null, finishedAt: null };
      const [row] = earlier
        ? await tx.update(biometricImports).set({ ...values, createdAt: new Date() }).where(eq(biometricImports.id, earlier.id)).returning()
        : await tx.insert(biometricImports).values({ id, userId, sha256, ...values }).returning();
      await enqueueJob(tx, BIOMETRIC_IMPORT_JOB, { userId, importId: row!.id }, { maxAttempts: 3 });
      return { row: row!, duplicate: false };
    }).catch(async (error: unknown) => {
      await removeStored(ctx, { key });
      throw error;
    });
    if (!result.duplicate) ctx.jobs.nudge();
    return result;
  } finally {
    await pending.discard();
  }
}

export async function getBiometricImport(db: Database, userId: string, id: string | undefined): Promise<Row> {
  const notFound = new AppError("biometric_import_not_found", biometricMessages.importNotFound);
  if (!isUuid(id)) throw notFound;
  const [row] = await withUserScope(db, userId, (tx) => tx.select().from(biometricImports).where(and(eq(biometricImports.id, id), eq(biometricImports.userId, userId))), {
    accessMode: "read only",
  });
  if (!row) throw notFound;
  return row;
}
