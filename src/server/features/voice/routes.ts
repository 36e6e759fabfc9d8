import type { Multipart } from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { api, captureMessages, captureSignalsSchema, voiceConsentMessages, voiceConsentScopes, voiceMessages, type CaptureSignals } from "../../../contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { capturePromptById } from "../capture";
import { defineRoute } from "../../platform/http";
import { sendStoredAudio } from "../../platform/storage/send-audio";
import { getVoiceConsent, recordVoiceConsent, revokeVoiceConsent } from "./consent";
import { deleteVoiceSession, findOwnSession, listVoiceSessions, presentSession, uploadVoiceSession } from "./sessions";
import { getTranscript, queueTranscriptOnUpload, requestTranscript } from "./transcripts";

// Multipart that does not parse (a missing boundary, a truncated part) or that exceeds the part limits is the
// sender's mistake: a clear 400, never a 500.
async function nextPart(parts: AsyncIterator<Multipart>): Promise<Multipart | null> {
  try {
    const next = await parts.next();
    return next.done ? null : next.value;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw new AppError("validation_failed", voiceMessages.oneFileOnly, { fields: { audio: voiceMessages.oneFileOnly } });
    if (error instanceof AppError) throw error;
    throw new AppError("validation_failed", voiceMessages.fileRequired, { fields: { audio: voiceMessages.fileRequired } });
  }
}

/** A part after the recording is read to the end; a second file refuses the whole upload. */
const refuseMoreFiles = (parts: AsyncIterator<Multipart>) => async () => {
  for (let part = await nextPart(parts); part; part = await nextPart(parts)) {
    if (part.type === "file") throw new AppError("validation_failed", voiceMessages.oneFileOnly, { fields: { audio: voiceMessages.oneFileOnly } });
  }
};

/** The capture fields of an upload, checked before the recording streams in: a known question, signals in range. */
function captureFields(fields: Map<string, string>): { promptId: string | null; signals: CaptureSignals | null } {
  const promptId = fields.get("promptId") ?? null;
  if (promptId !== null && !capturePromptById.has(promptId)) throw new AppError("validation_failed", captureMessages.promptInvalid, { fields: { promptId: captureMessages.promptInvalid } });
  const raw = fields.get("signals");
  if (raw === undefined) return { promptId, signals: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const signals = captureSignalsSchema.safeParse(parsed);
  if (!signals.success) throw new AppError("validation_failed", captureMessages.signalsInvalid, { fields: { signals: captureMessages.signalsInvalid } });
  return { promptId, signals: signals.data };
}

const fileRequired = () => new AppError("validation_failed", voiceMessages.fileRequired, { fields: { audio: voiceMessages.fileRequired } });

export function registerVoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.listVoiceSessions, async ({ user }) => listVoiceSessions(ctx, user.id));
  defineRoute(app, ctx, api.deleteVoiceSession, async ({ user, params }) => {
    await deleteVoiceSession(ctx, user.id, params.id);
    return { ok: true as const };
  });

  defineRoute(
    app,
    ctx,
    api.uploadVoiceSession,
    async ({ user, request, reply }) => {
      if (!request.isMultipart()) throw fileRequired();
      const parts = request.parts({ limits: { fileSize: Math.floor(ctx.config.VOICE_MAX_UPLOAD_MB * 1024 * 1024), files: 1 } })[Symbol.asyncIterator]();
      // A recording from a capture session names its question and brings its signals, before the audio.
      const fields = new Map<string, string>();
      let part = await nextPart(parts);
      for (; part?.type === "field"; part = await nextPart(parts)) fields.set(part.fieldname, String(part.value));
      const capture = captureFields(fields);
      if (!part || part.type !== "file" || part.fieldname !== "audio") throw fileRequired();
      // A capture answer's recording is transcribed from the moment it is stored, whatever the page does next.
      let queued = false;
      const session = await uploadVoiceSession(ctx, user.id, part, {
        beforeCommit: refuseMoreFiles(parts),
        capture,
        afterInsert: capture.promptId ? async (tx, row) => void (queued = await queueTranscriptOnUpload(ctx, tx, user.id, row.id)) : undefined,
      });
      if (queued) ctx.jobs.nudge();
      reply.status(201);
      return { session: presentSession(session) };
    },
    // The spec's own words for an upload without a sign-in.
    { unauthenticatedMessage: voiceMessages.mustBeLoggedIn },
  );

  defineRoute(app, ctx, api.transcribeVoiceSession, async ({ user, params, reply }) => {
    const { transcript, created } = await requestTranscript(ctx, user.id, params.id);
    reply.status(created ? 202 : 200);
    return { transcript };
  });
  defineRoute(app, ctx, api.getVoiceTranscript, async ({ user, params }) => getTranscript(ctx, user.id, params.id));
  defineRoute(app, ctx, api.getVoiceConsent, async ({ user }) => getVoiceConsent(ctx, user.id));
  defineRoute(app, ctx, api.revokeVoiceConsent, async ({ user }) => revokeVoiceConsent(ctx, user.id));
  // The scope comes first, so it is known before the recording streams in.
  defineRoute(
    app,
    ctx,
    api.recordVoiceConsent,
    async ({ user, request, reply }) => {
      if (!request.isMultipart()) throw fileRequired();
      const parts = request.parts({ limits: { fileSize: Math.floor(ctx.config.VOICE_MAX_UPLOAD_MB * 1024 * 1024), files: 1 } })[Symbol.asyncIterator]();
      // The fields come before the recording, so they are known before it streams in.
      const fields = new Map<string, string>();
      let part = await nextPart(parts);
      for (; part?.type === "field"; part = await nextPart(parts)) fields.set(part.fieldname, String(part.value));
      const scope = voiceConsentScopes.find((s) => fields.get("scope") === s);
      if (!scope) {
        const message = part && !fields.has("scope") ? voiceConsentMessages.scopeFirst : voiceConsentMessages.scopeRequired;
        throw new AppError("validation_failed", message, { fields: { scope: message } });
      }
      if (!part || part.type !== "file" || part.fieldname !== "audio") throw fileRequired();
      const recorded = await recordVoiceConsent(ctx, user.id, scope, fields.get("day") ?? "", part, refuseMoreFiles(parts));
      reply.status(201);
      return recorded;
    },
    { unauthenticatedMessage: voiceMessages.mustBeLoggedIn },
  );

  // Bytes; range requests let the player seek. Only the owner can reach a file.
  defineRoute(
    app,
    ctx,
    api.getVoiceSessionAudio,
    async ({ user, params, headers, reply }) => {
      const row = await findOwnSession(ctx.db, user.id, params.id);
      return sendStoredAudio(reply, ctx.storage, { storageKey: row.storageKey, filename: `voice-session-${row.id}.webm` }, headers.range, () => new AppError("voice_session_not_found", voiceMessages.sessionNotFound));
    },
    { compress: false },
  );
}
