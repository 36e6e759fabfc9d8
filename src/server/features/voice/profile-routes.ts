import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import { audioMarkMessages } from "../../../contract/audio-mark";
import { AppError } from "../../platform/errors";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { openUpload, uploadReadError } from "../../platform/multipart";
import { synthesizeSpeech } from "./speech";
import { markCertificate } from "./mark-certificate";
import { verifyUploadedAudio } from "./verify-mark";
import { createVoiceProfile, deleteVoiceProfile, getVoiceProfile, listVoiceProfiles, retryVoiceProfile } from "./voice-profiles";

const refuse = (message: string) => new AppError("validation_failed", message, { fields: { audio: message } });
const markUpload = { field: "audio", fileRequired: audioMarkMessages.fileRequired, oneFileOnly: audioMarkMessages.oneFileOnly, incomplete: audioMarkMessages.uploadIncomplete };

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
    const maxMb = ctx.config.VOICE_MAX_UPLOAD_MB;
    const { file, refuseMoreFiles } = await openUpload(request, maxMb * 1024 * 1024, markUpload);
    if (!file) throw refuse(audioMarkMessages.fileRequired);
    try {
      return await verifyUploadedAudio(file, maxMb, (await markCertificate(ctx)).pem, refuseMoreFiles);
    } catch (error) {
      throw uploadReadError(error, markUpload);
    }
  });
  defineRoute(app, ctx, api.getMarkCertificate, () => markCertificate(ctx));
}
