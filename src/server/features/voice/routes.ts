import type { FastifyInstance } from "fastify";
import { api, messages, voiceMessages } from "../../../contract";
import type { AppContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { defineRoute } from "../../platform/http";
import { requireSessionUser } from "../../platform/session";
import { deleteVoiceSession, findOwnSession, listVoiceSessions, uploadVoiceSession } from "./sessions";

/** Parses `Range: bytes=a-b` (one range) against a size; null when absent or unsatisfiable. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | "invalid" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "invalid";
  let start = match[1] === "" ? size - Number(match[2]) : Number(match[1]);
  let end = match[1] === "" || match[2] === "" ? size - 1 : Number(match[2]);
  start = Math.max(0, start);
  end = Math.min(size - 1, end);
  return start > end || start >= size ? "invalid" : { start, end };
}

export function registerVoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.listVoiceSessions, async ({ user }) => listVoiceSessions(ctx, user.id));
  defineRoute(app, ctx, api.deleteVoiceSession, async ({ user, params }) => {
    await deleteVoiceSession(ctx, user.id, params.id);
    return { ok: true as const };
  });

  app.post(api.uploadVoiceSession.path, async (request, reply) => {
    const user = await requireSessionUser(ctx, request).catch((error: unknown) => {
      // The spec's own words for an upload without a sign-in.
      if (error instanceof AppError && error.code === "unauthenticated") throw new AppError("unauthenticated", voiceMessages.mustBeLoggedIn);
      throw error;
    });
    if (!request.isMultipart()) throw new AppError("validation_failed", voiceMessages.fileRequired, { fields: { audio: voiceMessages.fileRequired } });
    const file = await request.file({ limits: { fileSize: Math.floor(ctx.config.VOICE_MAX_UPLOAD_MB * 1024 * 1024), files: 1 } });
    if (!file || file.fieldname !== "audio") throw new AppError("validation_failed", voiceMessages.fileRequired, { fields: { audio: voiceMessages.fileRequired } });
    const session = await uploadVoiceSession(ctx, user.id, file);
    reply.status(201).header("cache-control", "no-store");
    return api.uploadVoiceSession.response.parse({ session });
  });

  // Bytes, so not through defineRoute; range requests let the player seek. Only the owner can reach a file.
  app.get(api.getVoiceSessionAudio.path, { compress: false }, async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    const row = await findOwnSession(ctx.db, user.id, (request.params as { id?: string }).id);
    const size = await ctx.storage.size(row.storageKey);
    if (size === null) throw new AppError("voice_session_not_found", voiceMessages.sessionNotFound);
    const range = parseRange(request.headers.range, size);
    reply.header("accept-ranges", "bytes").header("content-type", "audio/webm").header("cache-control", "private, no-store");
    if (range === "invalid") return reply.status(416).header("content-range", `bytes */${size}`).send();
    const read = await ctx.storage.read(row.storageKey, range ?? undefined);
    if (!read) throw new AppError("not_found", messages.notFound);
    if (range) {
      reply.status(206).header("content-range", `bytes ${range.start}-${range.end}/${size}`).header("content-length", String(range.end - range.start + 1));
    } else {
      reply.header("content-length", String(size));
    }
    return reply.send(read.stream);
  });
}
