import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { api, exportFileName, exportMessages, IMPORT_FILE_MAX_BYTES } from "../../../contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { defineRoute } from "../../platform/http";
import { requireRecentSignIn } from "../../platform/session";
import { writeConsciousnessExport } from "./consciousness-export";
import { encryptingWriter, KdfBusyError } from "./encryption";
import { importExport } from "./import";
import { openExportFile } from "./open-file";
import { streamFrom, type Write } from "./stream-writer";
import { getExportSummary, getVoiceArchive } from "./summary";
import { admitTransfer } from "./transfer-gate";
import { writeVoiceAudioArchive } from "./voice-audio-archive";

/**
 * Streams a download in the export slot the caller was admitted to (admitTransfer), released once the producer is
 * done: a failure before the first byte is a normal error envelope; a reader who leaves frees the slot as the
 * producer gives up.
 */
async function sendDownload(request: FastifyRequest, reply: FastifyReply, release: () => void, fileName: string, produce: (write: Write) => Promise<void>, contentType = "application/json; charset=utf-8") {
  const { stream, started, finished } = streamFrom(produce, (error) => request.log.error({ err: error }, "export stream failed"));
  void finished.then(release);
  await started; // a failure before the first byte still becomes a normal error envelope
  reply
    .header("content-type", contentType)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store");
  return reply.send(stream);
}

export function registerExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getExportSummary, async ({ user }) => getExportSummary(ctx.db, user.id));

  defineRoute(app, ctx, api.exportVoiceArchive, async ({ user, reply }) => {
    requireRecentSignIn(user);
    reply.header("content-disposition", `attachment; filename="${exportFileName("voice", new Date())}"`);
    return getVoiceArchive(ctx.db, user.id);
  });

  defineRoute(app, ctx, api.exportConsciousness, async ({ user, request, reply }) => {
    requireRecentSignIn(user);
    return sendDownload(request, reply, await admitTransfer(user.id), exportFileName("consciousness", new Date()), (write) => writeConsciousnessExport(ctx.db, user.id, write));
  });

  // Audio is already compressed: sent as it is.
  defineRoute(
    app,
    ctx,
    api.exportVoiceRecordings,
    async ({ user, request, reply }) => {
      requireRecentSignIn(user);
      return sendDownload(request, reply, await admitTransfer(user.id), exportFileName("recordings", new Date()), (write) => writeVoiceAudioArchive(ctx, user.id, write), "application/x-tar");
    },
    { compress: false },
  );

  defineRoute(app, ctx, api.exportConsciousnessEncrypted, async ({ user, body, request, reply }) => {
    requireRecentSignIn(user);
    const release = await admitTransfer(user.id);
    // The key is derived before the download starts, so "busy" is a clean 429 rather than a broken file.
    const encryptInto = await encryptingWriter(body.passphrase).catch((error: unknown) => {
      release();
      if (error instanceof KdfBusyError) throw new AppError("rate_limited", exportMessages.encryptionBusyExport, { retryAfterSeconds: 5 });
      throw error;
    });
    return sendDownload(request, reply, release, exportFileName("consciousness", new Date(), true), async (write) => {
      const encrypted = encryptInto(write);
      await writeConsciousnessExport(ctx.db, user.id, encrypted.write);
      await encrypted.end();
    });
  });

  // The file travels as a JSON string: the body may hold the largest file (an encrypted one), its passphrase and the
  // escapes of a plain one (3.6 % of the largest measured export, less than the third base64 adds). It is parsed in a
  // thread (platform/request-guards.ts), and so is the file (open-file.ts).
  defineRoute(
    app,
    ctx,
    api.importConsciousness,
    async ({ user, body }) => {
      requireRecentSignIn(user);
      const release = await admitTransfer(user.id);
      try {
        const file = await openExportFile(body.file, body.passphrase);
        const result = await importExport(ctx.db, user.id, file);
        ctx.jobs.nudge(); // the imported memories' embedding job was queued with them (migration 0016)
        return result;
      } finally {
        release();
      }
    },
    { bodyLimit: IMPORT_FILE_MAX_BYTES + 64 * 1024 },
  );
}
