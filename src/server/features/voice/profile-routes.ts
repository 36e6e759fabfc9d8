import type { FastifyInstance } from "fastify";
import type { Multipart } from "@fastify/multipart";
import { api } from "../../../contract";
import { audioMarkMessages } from "../../../contract/audio-mark";
import { AppError } from "../../platform/errors";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { synthesizeSpeech } from "./speech";
import { verifyUploadedAudio } from "./verify-mark";
import { createVoiceProfile, deleteVoiceProfile, getVoiceProfile, listVoiceProfiles, retryVoiceProfile } from "./voice-profiles";

const refuse = (message: string) => new AppError("validation_failed", message, { fields: { audio: message } });

/** The next multipart part; one that does not parse, or a second file, is the sender's to fix (400). */
async function nextPart(parts: AsyncIterator<Multipart>): Promise<Multipart | null> {
  try {
    const step = await parts.next();
    return step.done ? null : step.value;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse((error as { code?: string }).code === "FST_FILES_LIMIT" ? audioMarkMessages.oneFileOnly : audioMarkMessages.fileRequired);
  }
}

export function registerVoiceProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.listVoiceProfiles, async ({ user }) => listVoiceProfiles(ctx, user.id));
  defineRoute(app, ctx, api.createVoiceProfile, async ({ user, body, reply }) => {
    reply.status(201);
    return { profile: await createVoiceProfile(ctx, user.id, body) };
  });
  defineRoute(app, ctx, api.getVoiceProfile, async ({ user, params }) => ({ profile: await getVoiceProfile(ctx, user.id, params.id) }));
  defineRoute(app, ctx, api.retryVoiceProfile, async ({ user, params }) => ({ profile: await retryVoiceProfile(ctx, user.id, params.id) }));
  defineRoute(app, ctx, api.deleteVoiceProfile, async ({ user, params }) => {
    await deleteVoiceProfile(ctx, user.id, params.id);
    return { ok: true as const };
  });
  // Audio bytes, not JSON; already compressed (MP3) or cheap to send (WAV), so not run through Brotli.
  defineRoute(
    app,
    ctx,
    api.synthesizeSpeech,
    async ({ user, body, reply }) => {
      const spoken = await synthesizeSpeech(ctx, user.id, body);
      reply.header("content-type", spoken.contentType).header("content-length", String(spoken.audio.length));
      return reply.send(Buffer.from(spoken.audio.buffer, spoken.audio.byteOffset, spoken.audio.byteLength));
    },
    { compress: false },
  );
  // Anyone signed in may check any file (another person's too): it is read, answered about and forgotten.
  defineRoute(app, ctx, api.verifyAudioMark, async ({ request }) => {
    if (!request.isMultipart()) throw refuse(audioMarkMessages.fileRequired);
    const maxMb = ctx.config.VOICE_MAX_UPLOAD_MB;
    const parts = request.parts({ limits: { fileSize: Math.floor(maxMb * 1024 * 1024), files: 1 } })[Symbol.asyncIterator]();
    let part = await nextPart(parts);
    while (part?.type === "field") part = await nextPart(parts);
    if (!part || part.type !== "file" || part.fieldname !== "audio") throw refuse(audioMarkMessages.fileRequired);
    const refuseMoreFiles = async () => {
      for (let next = await nextPart(parts); next; next = await nextPart(parts)) if (next.type === "file") throw refuse(audioMarkMessages.oneFileOnly);
    };
    return verifyUploadedAudio(part, maxMb, refuseMoreFiles);
  });
}
