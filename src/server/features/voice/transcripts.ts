import { and, eq } from "drizzle-orm";
import { voiceMessages, type VoiceTranscript } from "../../../contract";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import { voiceSessions, voiceTranscripts } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { decodeToPcm } from "../../platform/audio/decode-pcm";
import { AppError } from "../../platform/errors";
import { enqueueJob } from "../../platform/jobs/job-queue";
import { safeErrorLine } from "../../platform/log-safe-error";
import { consumeRateLimit } from "../../platform/rate-limit";
import type { JobHandler } from "../../platform/jobs/job-worker";
import { TranscriptionError, type TranscriptionAudio } from "../../providers/transcription/transcriber";
import { findOwnSession } from "./sessions";

export const TRANSCRIBE_JOB = "voice-transcribe";
/**
 * The most of one recording transcribed: the first ten minutes. The offline engine takes about 0.75 s of CPU per
 * second of audio here, and a job must finish well inside the worker's lease (600 s) or another worker claims it.
 */
const MAX_SECONDS = 10 * 60;
const LEASE_MARGIN_MS = 540_000;
/** What OpenAI's endpoint accepts in one request; a larger recording is refused before it is sent. */
const SERVICE_MAX_BYTES = 25 * 1024 * 1024;
/** Transcriptions asked for per person per hour, and by everyone per hour (each is minutes of CPU, or a paid call). */
const PER_PERSON_PER_HOUR = 30;
const ALL_PER_HOUR = 600;
const TEXT_MAX = 20_000;

type Row = typeof voiceTranscripts.$inferSelect;
const presentTranscript = (row: Row | undefined | null): VoiceTranscript | null => (row ? { status: row.status, engine: row.engine, text: row.text, doubtful: row.doubtfulWords, error: row.error } : null);

export async function getTranscript(ctx: AppContext, userId: string, sessionId: string | undefined): Promise<{ transcript: VoiceTranscript | null }> {
  const session = await findOwnSession(ctx.db, userId, sessionId);
  const [row] = await withUserScope(ctx.db, userId, (tx) => tx.select().from(voiceTranscripts).where(and(eq(voiceTranscripts.voiceSessionId, session.id), eq(voiceTranscripts.userId, userId))), {
    accessMode: "read only",
  });
  return { transcript: presentTranscript(row) };
}

/**
 * Asks for a recording's transcript: queued for the job worker (decoding and recognising take seconds to minutes, off
 * the request), or the transcript already asked for. A failed one is asked for again. Consent recordings are not
 * transcribed; neither is anything when no engine is set up.
 */
export async function requestTranscript(ctx: AppContext, userId: string, sessionId: string | undefined): Promise<{ transcript: VoiceTranscript; created: boolean }> {
  const session = await findOwnSession(ctx.db, userId, sessionId);
  if (session.purpose !== "training") throw new AppError("voice_session_not_found", voiceMessages.sessionNotFound);
  const transcriber = ctx.transcriber;
  if (!transcriber) throw new AppError("transcription_not_configured", voiceMessages.transcriptionOff);
  const existing = await withUserScope(ctx.db, userId, (tx) => tx.select().from(voiceTranscripts).where(eq(voiceTranscripts.voiceSessionId, session.id)), { accessMode: "read only" });
  if (existing[0] && existing[0].status !== "failed") return { transcript: presentTranscript(existing[0])!, created: false };
  await consumeRateLimit(ctx.db, { key: `transcribe:${userId}`, limit: PER_PERSON_PER_HOUR, windowSeconds: 3600, message: voiceMessages.transcriptionLimited });
  await consumeRateLimit(ctx.db, { key: "transcribe:all", limit: ALL_PER_HOUR, windowSeconds: 3600, message: voiceMessages.transcriptionBusy });
  const result = await withUserScope(ctx.db, userId, async (tx) => {
    // Two first requests at once: one inserts, the other waits for it and finds the row.
    await tx.insert(voiceTranscripts).values({ voiceSessionId: session.id, userId, engine: transcriber.name, status: "failed" }).onConflictDoNothing();
    const [row] = await tx.select().from(voiceTranscripts).where(eq(voiceTranscripts.voiceSessionId, session.id)).for("update");
    if (row && row.status !== "failed") return { row, created: false };
    const [pending] = await tx
      .update(voiceTranscripts)
      .set({ status: "pending", engine: transcriber.name, text: null, doubtfulWords: [], error: null, updatedAt: new Date() })
      .where(eq(voiceTranscripts.voiceSessionId, session.id))
      .returning();
    await enqueueJob(tx, TRANSCRIBE_JOB, { userId, sessionId: session.id }, { maxAttempts: 3 });
    return { row: pending!, created: true };
  });
  if (result.created) ctx.jobs.nudge();
  return { transcript: presentTranscript(result.row)!, created: result.created };
}

/**
 * Queues the transcription of a capture answer's recording inside the transaction that stores it, so the transcript is
 * made whether or not the page that recorded it stays open. Nothing is queued without an engine or beyond the hourly
 * limits (the page then asks, as for any recording, and is told why). True when queued: nudge the worker after commit.
 */
export async function queueTranscriptOnUpload(ctx: AppContext, tx: Transaction, userId: string, sessionId: string): Promise<boolean> {
  const transcriber = ctx.transcriber;
  if (!transcriber) return false;
  // Counted in this transaction (never a second connection while it holds one), so only a stored recording counts.
  try {
    await consumeRateLimit(tx, { key: `transcribe:${userId}`, limit: PER_PERSON_PER_HOUR, windowSeconds: 3600, message: voiceMessages.transcriptionLimited });
    await consumeRateLimit(tx, { key: "transcribe:all", limit: ALL_PER_HOUR, windowSeconds: 3600, message: voiceMessages.transcriptionBusy });
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") return false;
    throw error;
  }
  await tx.insert(voiceTranscripts).values({ voiceSessionId: sessionId, userId, engine: transcriber.name, status: "pending" });
  await enqueueJob(tx, TRANSCRIBE_JOB, { userId, sessionId }, { maxAttempts: 3 });
  return true;
}

/** The job: reads the recording, transcribes it with the configured engine, and stores the text (or why it failed). */
export function transcriptionJob(ctx: AppContext): JobHandler {
  const settle = async (userId: string, sessionId: string, values: Partial<Row>) =>
    withUserScope(ctx.db, userId, (tx) =>
      tx
        .update(voiceTranscripts)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(voiceTranscripts.voiceSessionId, sessionId), eq(voiceTranscripts.status, "pending"))),
    );
  return {
    kind: TRANSCRIBE_JOB,
    async run(payload) {
      const userId = String(payload.userId);
      const sessionId = String(payload.sessionId);
      const [session] = await withUserScope(ctx.db, userId, (tx) => tx.select().from(voiceSessions).where(and(eq(voiceSessions.id, sessionId), eq(voiceSessions.userId, userId))));
      if (!session) return; // deleted meanwhile: its transcript went with it
      if (!ctx.transcriber) throw new TranscriptionError(voiceMessages.transcriptionOff, "no transcriber in this process");
      const storage = ctx.storage;
      const seconds = Math.min(MAX_SECONDS, session.durationSeconds + 1);
      // Twice the engine's pace plus a minute, never past the lease nor past what the server allows.
      const timeoutMs = Math.min(ctx.config.TRANSCRIBE_TIMEOUT_MS, LEASE_MARGIN_MS, Math.max(60_000, seconds * 2000 + 60_000));
      const transcriber = ctx.transcriber;
      const audio: TranscriptionAudio = {
          webm: async () => {
            if (session.fileSize > SERVICE_MAX_BYTES) throw new TranscriptionError(voiceMessages.transcriptionTooLong, `${session.fileSize} bytes`);
            const read = await storage.read(session.storageKey);
            if (!read) throw new TranscriptionError(voiceMessages.transcriptionGaveUp, "the recording's file is missing");
            const bytes = new Uint8Array(session.fileSize);
            let at = 0;
            for await (const chunk of read.stream) {
              const piece = chunk as Buffer;
              bytes.set(piece.subarray(0, Math.max(0, bytes.length - at)), at);
              at += piece.length;
            }
            return bytes.subarray(0, Math.min(at, bytes.length));
          },
          // A file that cannot be decoded will not decode on a retry either.
          pcm16k: () =>
            decodeToPcm(storage, session.storageKey, 16_000, seconds).catch((error: unknown) => {
              throw new TranscriptionError(voiceMessages.transcriptionGaveUp, safeErrorLine(error));
            }),
      };
      const signal = AbortSignal.timeout(timeoutMs);
      // An engine that says which words it doubted (Whisper) says it with the text; a cut text keeps the doubts within it.
      const heard = transcriber.read ? await transcriber.read(audio, signal) : { text: await transcriber.transcribe(audio, signal), doubtful: [] };
      const text = heard.text.slice(0, TEXT_MAX);
      const words = text.split(" ").length;
      await settle(userId, sessionId, { status: "done", text, doubtfulWords: heard.doubtful.filter((i) => i < words), error: null });
    },
    // An engine's refusal (a bad key, an unreadable file) will not change on a retry; a network hiccup may.
    isRetryable: (error) => !(error instanceof TranscriptionError) || /could not be reached|busy/.test(error.message),
    describeError: (error) => {
      // The engine's own words go to the log for whoever runs the server; the person gets the message to act on.
      if (error instanceof TranscriptionError) console.error(`transcription failed: ${error.message} (${error.detail})`);
      else console.error("transcription failed:", safeErrorLine(error));
      return error instanceof TranscriptionError ? error.message : voiceMessages.transcriptionGaveUp;
    },
    async onGiveUp(payload, message) {
      await settle(String(payload.userId), String(payload.sessionId), { status: "failed", error: message });
    },
  };
}
