import { and, eq } from "drizzle-orm";
import { voiceMessages, type VoiceTranscript } from "../../../contract";
import type { AppContext } from "../../app-context";
import { voiceSessions, voiceTranscripts } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { decodeToPcm } from "../../platform/audio/decode-pcm";
import { AppError } from "../../platform/errors";
import { enqueueJob } from "../../platform/jobs/job-queue";
import type { JobHandler } from "../../platform/jobs/job-worker";
import { TranscriptionError } from "../../providers/transcription/transcriber";
import { findOwnSession } from "./sessions";

export const TRANSCRIBE_JOB = "voice-transcribe";
/** The most of one recording transcribed: a capture answer is minutes long, not an hour. */
const MAX_SECONDS = 20 * 60;

type Row = typeof voiceTranscripts.$inferSelect;
const present = (row: Row | undefined): VoiceTranscript | null => (row ? { status: row.status, engine: row.engine, text: row.text, error: row.error } : null);

export async function getTranscript(ctx: AppContext, userId: string, sessionId: string | undefined): Promise<{ transcript: VoiceTranscript | null }> {
  const session = await findOwnSession(ctx.db, userId, sessionId);
  const [row] = await withUserScope(ctx.db, userId, (tx) => tx.select().from(voiceTranscripts).where(and(eq(voiceTranscripts.voiceSessionId, session.id), eq(voiceTranscripts.userId, userId))), {
    accessMode: "read only",
  });
  return { transcript: present(row) };
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
  const result = await withUserScope(ctx.db, userId, async (tx) => {
    const [existing] = await tx.select().from(voiceTranscripts).where(eq(voiceTranscripts.voiceSessionId, session.id)).for("update");
    if (existing && existing.status !== "failed") return { row: existing, created: false };
    const values = { voiceSessionId: session.id, userId, status: "pending" as const, engine: transcriber.name, text: null, error: null, updatedAt: new Date() };
    const [row] = existing
      ? await tx.update(voiceTranscripts).set(values).where(eq(voiceTranscripts.voiceSessionId, session.id)).returning()
      : await tx.insert(voiceTranscripts).values(values).returning();
    await enqueueJob(tx, TRANSCRIBE_JOB, { userId, sessionId: session.id }, { maxAttempts: 3 });
    return { row: row!, created: true };
  });
  if (result.created) ctx.jobs.nudge();
  return { transcript: present(result.row)!, created: result.created };
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
      const text = await ctx.transcriber.transcribe({
        webm: async () => {
          const read = await storage.read(session.storageKey);
          if (!read) throw new TranscriptionError(voiceMessages.transcriptionGaveUp, "the recording's file is missing");
          const chunks: Buffer[] = [];
          for await (const chunk of read.stream) chunks.push(chunk as Buffer);
          const whole = Buffer.concat(chunks);
          return new Uint8Array(whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength) as ArrayBuffer);
        },
        pcm16k: () => decodeToPcm(storage, session.storageKey, 16_000, MAX_SECONDS),
      });
      await settle(userId, sessionId, { status: "done", text, error: null });
    },
    // An engine's refusal (a bad key, an unreadable file) will not change on a retry; a network hiccup may.
    isRetryable: (error) => !(error instanceof TranscriptionError) || /could not be reached|busy/.test(error.message),
    describeError: (error) => (error instanceof TranscriptionError ? error.message : voiceMessages.transcriptionGaveUp),
    async onGiveUp(payload, message) {
      await settle(String(payload.userId), String(payload.sessionId), { status: "failed", error: message });
    },
  };
}
