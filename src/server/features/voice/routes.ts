import type { FastifyInstance } from "fastify";
import { api, captureMessages, captureSignalsSchema, voiceConsentMessages, voiceConsentScopes, voiceMessages, type CaptureSignals } from "../../../contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { capturePromptById } from "../capture";
import { defineRoute } from "../../platform/http";
import { openUpload } from "../../platform/multipart";
import { sendStoredAudio } from "../../platform/storage/send-audio";
import { getVoiceConsent, recordVoiceConsent, revokeVoiceConsent } from "./consent";
import { deleteVoiceSession, findOwnSession, listVoiceSessions, presentSession, uploadVoiceSession } from "./sessions";
import { getTranscript, queueTranscriptOnUpload, requestTranscript } from "./transcripts";

/** The voice uploads' words for the one multipart reader (platform/multipart.ts). */
const audioUpload = { field: "audio", fileRequired: voiceMessages.fileRequired, oneFileOnly: voiceMessages.oneFileOnly, incomplete: voiceMessages.uploadIncomplete };

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
      // A recording from a capture session names its question and brings its signals, before the audio.
      const upload = await openUpload(request, ctx.config.VOICE_MAX_UPLOAD_MB * 1024 * 1024, audioUpload);
      const capture = captureFields(upload.fields);
      if (!upload.file) throw fileRequired();
      // A capture answer's recording is transcribed from the moment it is stored, whatever the page does next.
      let queued = false;
      const session = await uploadVoiceSession(ctx, user.id, upload.file, {
        beforeCommit: upload.refuseMoreFiles,
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
      // The fields come before the recording, so they are known before it streams in.
      const { fields, file, refuseMoreFiles } = await openUpload(request, ctx.config.VOICE_MAX_UPLOAD_MB * 1024 * 1024, audioUpload);
      const scope = voiceConsentScopes.find((s) => fields.get("scope") === s);
      if (!scope) {
        const message = file && !fields.has("scope") ? voiceConsentMessages.scopeFirst : voiceConsentMessages.scopeRequired;
        throw new AppError("validation_failed", message, { fields: { scope: message } });
      }
      if (!file) throw fileRequired();
      const recorded = await recordVoiceConsent(ctx, user.id, scope, fields.get("day") ?? "", file, refuseMoreFiles);
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
