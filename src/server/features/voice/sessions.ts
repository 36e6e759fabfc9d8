import { and, desc, eq, sql } from "drizzle-orm";
import type { Readable } from "node:stream";
import { voiceConsentMessages, voiceMessages, type CaptureSignals, type VoiceSession, type VoiceSessions } from "../../../contract";
import { createHash } from "node:crypto";
import type { Database, Transaction } from "../../db/client";
import { voiceSessions, voiceTranscripts } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { asDeletionError } from "./deletion-errors";
import { InvalidAudioError, WebmOpusAnalyzer } from "../../platform/audio/webm-opus";
import { PcmCollector } from "../../platform/audio/pcm-collector";
import { isUuid } from "../../platform/ids";
import { removeStored } from "../../platform/storage/file-removal";
import { capturePromptById } from "../capture";

type Row = typeof voiceSessions.$inferSelect;
const MB = 1024 * 1024;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const notFound = () => new AppError("voice_session_not_found", voiceMessages.sessionNotFound);

/** How many words of a transcript name a recording in a list: enough to tell stories apart, short enough for a menu. */
const FIRST_WORDS = 8;

/** A transcript's opening words, with "…" when there is more; null for no transcript or no words heard. */
export function firstWordsOf(text: string | null | undefined): string | null {
  const words = (text ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return words.length > FIRST_WORDS ? `${words.slice(0, FIRST_WORDS).join(" ")}…` : words.join(" ");
}

export function presentSession(row: Row, transcriptText: string | null = null): VoiceSession {
  return {
    id: row.id,
    filename: row.filename,
    durationSeconds: row.durationSeconds,
    fileSize: row.fileSize,
    createdAt: row.createdAt.toISOString(),
    voiceProfileId: row.voiceProfileId,
    purpose: row.purpose as VoiceSession["purpose"],
    promptId: row.capturePromptId,
    question: (row.capturePromptId && capturePromptById.get(row.capturePromptId)?.text) ?? null,
    signals: (row.signals as CaptureSignals | null) ?? null,
    firstWords: firstWordsOf(transcriptText),
    quality:
      row.qualityLabel && row.qualityReason
        ? {
            label: row.qualityLabel as NonNullable<VoiceSession["quality"]>["label"],
            reason: row.qualityReason,
            levelDbfs: row.levelDbfs ?? 0,
            noiseFloorDbfs: row.noiseFloorDbfs ?? 0,
            clippedRatio: row.clippedRatio ?? 0,
          }
        : null,
  };
}

async function usedBytes(db: Database, userId: string): Promise<number> {
  const [row] = await withUserScope(db, userId, (tx) =>
    tx.select({ bytes: sql<number>`coalesce(sum(${voiceSessions.fileSize}), 0)::bigint` }).from(voiceSessions).where(eq(voiceSessions.userId, userId)),
  );
  return Number(row?.bytes ?? 0);
}

/** How much of a consent recording the recogniser hears: the statement takes 15 to 25 seconds to read. */
const CONSENT_PCM_SECONDS = 90;

/**
 * Stores one recording: streams it to a temporary file while the analyser checks that it is WebM/Opus and decodes it,
 * enforces the size limit and the account's quota, then moves the file to `{userId}/voice_{uuid}.webm` and only then
 * writes the row. Any refusal or failure removes the file, so no row points at nothing and no file is orphaned.
 */
export async function uploadVoiceSession(
  ctx: AppContext,
  userId: string,
  upload: { file: Readable & { truncated?: boolean } },
  options: {
    beforeCommit?: () => Promise<void>;
    /** A recording from a capture session: the question it answers and the signals measured while it was made. */
    capture?: { promptId: string | null; signals: CaptureSignals | null };
    /**
     * A consent recording: checked by `check` once measured (with its first CONSENT_PCM_SECONDS as 16 kHz PCM, for the
     * recogniser), and recorded by `afterInsert` in the same transaction.
     */
    consent?: { check: (durationSeconds: number, pcm16k: Int16Array) => Promise<void>; afterInsert: (tx: Transaction, row: Row) => Promise<void>; maxSeconds?: number };
    /** Whatever must be stored with the row or not at all (a capture answer's transcription, queued). */
    afterInsert?: (tx: Transaction, row: Row) => Promise<void>;
  } = {},
): Promise<Row> {
  const maxBytes = ctx.config.VOICE_MAX_UPLOAD_MB * MB;
  const quotaBytes = ctx.config.VOICE_QUOTA_MB * MB;
  if ((await usedBytes(ctx.db, userId)) >= quotaBytes) throw new AppError("voice_quota_exceeded", voiceMessages.quotaExceeded(ctx.config.VOICE_QUOTA_MB));
  const pending = await ctx.storage.begin();
  const pcm = options.consent ? new PcmCollector(16_000, CONSENT_PCM_SECONDS) : null;
  // A consent reading longer than the statement could take is refused once that much is decoded, not decoded to its
  // end (issue 57): fifteen minutes of Opus would hold the event loop for everyone.
  const maxSeconds = options.consent?.maxSeconds ?? Infinity;
  let decodedSeconds = 0;
  let tooLong = false;
  const analyzer = new WebmOpusAnalyzer(
    pcm
      ? {
          onSamples: (samples, rate) => {
            decodedSeconds += samples.length / rate;
            if (decodedSeconds > maxSeconds) tooLong = true;
            pcm.add(samples, rate);
          },
        }
      : {},
  );
  const hash = createHash("sha256");
  let invalid: InvalidAudioError | null = null;
  try {
    try {
      for await (const chunk of upload.file) {
        const piece = chunk as Buffer;
        await pending.write(piece);
        hash.update(piece);
        // Keep reading to the end even once the audio is known to be bad, so the client gets its answer cleanly.
        if (!invalid && !tooLong) await analyzer.push(piece).catch((error: unknown) => {
          if (error instanceof InvalidAudioError) invalid = error;
          else throw error;
        });
      }
    } catch (error) {
      // The request's multipart body broke off or did not parse: the sender's side, said as such.
      // (Storage failures, which carry the system call that failed, stay server errors.)
      if (error instanceof AppError || "syscall" in (error as object)) throw error;
      throw new AppError("validation_failed", voiceMessages.uploadIncomplete, { fields: { audio: voiceMessages.uploadIncomplete } });
    }
    if (upload.file.truncated || pending.bytes() > maxBytes) throw new AppError("voice_too_large", voiceMessages.tooLarge(ctx.config.VOICE_MAX_UPLOAD_MB));
    if ((await usedBytes(ctx.db, userId)) + pending.bytes() > quotaBytes) throw new AppError("voice_quota_exceeded", voiceMessages.quotaExceeded(ctx.config.VOICE_QUOTA_MB));
    if (tooLong) throw new AppError("validation_failed", voiceConsentMessages.tooLong, { fields: { audio: voiceConsentMessages.tooLong } });
    let analysis;
    try {
      if (invalid) throw invalid;
      analysis = analyzer.finish();
    } catch (error) {
      if (error instanceof InvalidAudioError) throw new AppError("voice_invalid_audio", voiceMessages.notWebmOpus(error.message));
      throw error;
    }
    await options.consent?.check(analysis.durationSeconds, pcm!.samples());
    // The rest of the request (a second file is refused) is checked before anything is kept.
    await options.beforeCommit?.();
    const id = crypto.randomUUID();
    const key = `${userId}/voice_${id}.webm`;
    await pending.commit(key);
    try {
      return await withUserScope(ctx.db, userId, async (tx) => {
        const [row] = await tx
          .insert(voiceSessions)
          .values({
            id,
            userId,
            storageKey: key,
            filename: `voice_${id}.webm`,
            durationSeconds: Math.round(analysis.durationSeconds * 1000) / 1000,
            fileSize: pending.bytes(),
            qualityLabel: analysis.quality.label,
            qualityReason: analysis.quality.reason,
            levelDbfs: oneDecimal(analysis.levelDbfs),
            noiseFloorDbfs: oneDecimal(analysis.noiseFloorDbfs),
            clippedRatio: analysis.clippedRatio,
            purpose: options.consent ? "consent" : "training",
            sha256: hash.digest("hex"),
            capturePromptId: options.capture?.promptId ?? null,
            signals: options.capture?.signals ?? null,
          })
          .returning();
        await options.consent?.afterInsert(tx, row!);
        await options.afterInsert?.(tx, row!);
        return row!;
      });
    } catch (error) {
      await removeStored(ctx, { key });
      throw error;
    }
  } finally {
    await pending.discard();
  }
}

/** The person's sessions, newest first, with the stats strip's totals. */
export async function listVoiceSessions(ctx: AppContext, userId: string): Promise<VoiceSessions> {
  const joined = await withUserScope(ctx.db, userId, (tx) =>
    tx
      .select({ session: voiceSessions, transcript: voiceTranscripts.text })
      .from(voiceSessions)
      .leftJoin(voiceTranscripts, and(eq(voiceTranscripts.voiceSessionId, voiceSessions.id), eq(voiceTranscripts.status, "done")))
      .where(eq(voiceSessions.userId, userId))
      .orderBy(desc(voiceSessions.createdAt)),
  );
  const rows = joined.map((r) => r.session);
  // The consent reading is listed (it is the person's recording) but is not a voice session: it never trains and
  // does not count in the sessions or the time recorded; its bytes do count against the quota.
  const training = rows.filter((r) => r.purpose !== "consent");
  const seconds = training.reduce((sum, r) => sum + r.durationSeconds, 0);
  const bytes = rows.reduce((sum, r) => sum + r.fileSize, 0);
  return {
    sessions: joined.map((r) => presentSession(r.session, r.transcript)),
    totals: { sessions: training.length, seconds, hours: oneDecimal(seconds / 3600), megabytes: oneDecimal(bytes / MB), quotaMegabytes: ctx.config.VOICE_QUOTA_MB },
  };
}

/** One of the person's sessions (its storage key included); anything else is a 404. */
export async function findOwnSession(db: Database, userId: string, id: string | undefined): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const [row] = await withUserScope(db, userId, (tx) => tx.select().from(voiceSessions).where(and(eq(voiceSessions.id, id), eq(voiceSessions.userId, userId))));
  if (!row) throw notFound();
  return row;
}

/**
 * Deletes the row, then the file; a file that is already gone is not an error. A consent recording stays: it is the
 * record of what the owner agreed to, and leaves with the account.
 */
export async function deleteVoiceSession(ctx: AppContext, userId: string, id: string | undefined): Promise<void> {
  const row = await findOwnSession(ctx.db, userId, id);
  if (row.purpose === "consent") throw new AppError("voice_session_is_consent", voiceConsentMessages.isConsent);
  await withUserScope(ctx.db, userId, (tx) => tx.delete(voiceSessions).where(and(eq(voiceSessions.id, row.id), eq(voiceSessions.userId, userId)))).catch(
    (error: unknown) => {
      throw asDeletionError(error);
    },
  );
  await removeStored(ctx, { key: row.storageKey });
}
