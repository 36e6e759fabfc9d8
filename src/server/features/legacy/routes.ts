import type { FastifyInstance, FastifyReply } from "fastify";
import { api, LEGACY_DOCUMENT_MAX_MB, legacyMessages, type LegacyDocument } from "../../../contract";
import { AppError } from "../../platform/errors";
import { networkKey } from "../../platform/network-key";
import { consumeRateLimit } from "../../platform/rate-limit";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { openUpload } from "../../platform/multipart";
import { addLegacyContact, listLegacyContacts, orderLegacyContacts, removeLegacyContact, resendLegacyInvitation, updateLegacyContact } from "./contacts";
import { legacyDeps } from "./deps";
import { acceptLegacyInvitation, acceptWaitingInvitation, listNamedBy, previewLegacyInvitation } from "./invitations";
import { documentForContact, ownDocument, uploadLegacyDocument } from "./documents";
import { controlTwin, narrowVoiceScope } from "./heirs";
import { getMemorial, listMemorialMemories, memorialMemoryRecording } from "./memorial";
import { listReleasedMemories, releasedMemoriesFile, releasedMemoryRecording } from "./reading";
import { sendStoredAudio } from "../../platform/storage/send-audio";
import { cancelRelease, confirmRelease, reportDeath, stillHere } from "./release";
import { getRelease, saveReleaseSettings } from "./release-settings";

/** Memorial pages and their memories one network may read in 10 minutes: far more than a visitor reads, far too few to guess addresses. */
const MEMORIAL_READS_PER_10_MIN = 300;

/** A stored document's bytes, as an attachment with the name it was given (never rendered as a page of ours). */
async function sendDocument(reply: FastifyReply, ctx: AppContext, found: { document: LegacyDocument; storageKey: string }) {
  const read = await ctx.storage.read(found.storageKey);
  if (!read) throw new AppError("not_found", legacyMessages.documentNotFound);
  return reply
    .header("content-type", found.document.contentType)
    .header("content-length", String(read.size))
    .header("cache-control", "private, no-store")
    .header("content-disposition", `attachment; filename="${found.document.filename.replace(/[^\w. -]/g, "_")}"`)
    .send(read.stream);
}

/** The legacy document upload's words for the one multipart reader (platform/multipart.ts). */
const documentUpload = { field: "document", fileRequired: legacyMessages.documentRequired, oneFileOnly: legacyMessages.documentOneOnly, incomplete: legacyMessages.documentIncomplete };

export function registerLegacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = legacyDeps(ctx);
  defineRoute(app, ctx, api.listLegacyContacts, async ({ user }) => listLegacyContacts(deps, user.id));
  defineRoute(app, ctx, api.addLegacyContact, async ({ user, body, reply }) => {
    const contact = await addLegacyContact(deps, user.id, body);
    reply.status(201);
    return { contact };
  });
  defineRoute(app, ctx, api.updateLegacyContact, async ({ user, params, body }) => ({ contact: await updateLegacyContact(deps, user.id, params.id, body) }));
  defineRoute(app, ctx, api.removeLegacyContact, async ({ user, params }) => {
    await removeLegacyContact(deps, user.id, params.id);
    return { ok: true as const };
  });
  defineRoute(app, ctx, api.resendLegacyInvitation, async ({ user, params }) => ({ contact: await resendLegacyInvitation(deps, user.id, params.id) }));
  defineRoute(app, ctx, api.orderLegacyContacts, async ({ user, body }) => orderLegacyContacts(deps, user.id, body));
  defineRoute(app, ctx, api.acceptLegacyInvitation, async ({ user, body }) => acceptLegacyInvitation(deps, user, body.token));
  defineRoute(app, ctx, api.acceptWaitingInvitation, async ({ user, params }) => acceptWaitingInvitation(deps, user.id, params.id));
  defineRoute(app, ctx, api.previewLegacyInvitation, async ({ body }) => previewLegacyInvitation(deps, body.token));
  defineRoute(app, ctx, api.listNamedBy, async ({ user }) => listNamedBy(deps, user.id));
  defineRoute(app, ctx, api.getRelease, async ({ user }) => getRelease(deps, user.id));
  defineRoute(app, ctx, api.saveReleaseSettings, async ({ user, body }) => saveReleaseSettings(deps, user.id, body));
  defineRoute(app, ctx, api.cancelRelease, async ({ user }) => cancelRelease(deps, user.id));
  defineRoute(app, ctx, api.reportDeath, async ({ user, params, body }) => {
    await reportDeath(deps, user.id, params.id, body);
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.confirmRelease, async ({ user, params }) => {
    await confirmRelease(deps, user.id, params.id);
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.pauseLegacyTwin, async ({ user, params, body }) => {
    await controlTwin(deps, user.id, params.id, "pause", body.message);
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.resumeLegacyTwin, async ({ user, params }) => {
    await controlTwin(deps, user.id, params.id, "resume");
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.retireLegacyTwin, async ({ user, params }) => {
    await controlTwin(deps, user.id, params.id, "retire");
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.narrowLegacyVoiceScope, async ({ user, params, body }) => {
    await narrowVoiceScope(deps, user.id, params.id, body.scope);
    return listNamedBy(deps, user.id);
  });
  defineRoute(app, ctx, api.uploadLegacyDocument, async ({ user, params, request, reply }) => {
    const upload = await openUpload(request, LEGACY_DOCUMENT_MAX_MB * 1024 * 1024 + 1, documentUpload);
    if (!upload.file) throw new AppError("validation_failed", legacyMessages.documentRequired, { fields: { document: legacyMessages.documentRequired } });
    const first = upload.file;
    const refuseMoreFiles = upload.refuseMoreFiles;
    const document = await uploadLegacyDocument({ ...deps, storage: ctx.storage }, user.id, params.id, { file: first.file, filename: first.filename }, refuseMoreFiles);
    reply.status(201);
    return { document };
  });
  defineRoute(app, ctx, api.getLegacyDocument, async ({ user, params, reply }) =>
    sendDocument(reply, ctx, await documentForContact(deps, user.id, params.id, params.docId)),
  );
  defineRoute(app, ctx, api.getOwnLegacyDocument, async ({ user, params, reply }) => sendDocument(reply, ctx, await ownDocument(deps, user.id, params.docId)));
  defineRoute(app, ctx, api.downloadReleasedMemories, async ({ user, params, reply }) => {
    const file = await releasedMemoriesFile(deps, user.id, params.id);
    const day = file.exportedAt.slice(0, 10);
    return reply
      .header("content-disposition", `attachment; filename="released-memories-${day}.json"`)
      .header("cache-control", "private, no-store")
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(file, null, 2));
  });
  defineRoute(app, ctx, api.listReleasedMemories, async ({ user, params, query }) => listReleasedMemories(deps, user.id, params.id, query));
  const recordingNotFound = () => new AppError("not_found", legacyMessages.recordingNotFound);
  defineRoute(
    app,
    ctx,
    api.getReleasedMemoryRecording,
    async ({ user, params, headers, reply }) =>
      sendStoredAudio(reply, ctx.storage, await releasedMemoryRecording(deps, user.id, params.id, params.memoryId), headers.range, recordingNotFound),
    { compress: false },
  );
  // Memorials are open to anyone: reads are limited per network, so unlisted addresses cannot be found by guessing.
  const readLimit = (ip: string) =>
    consumeRateLimit(ctx.db, { key: `memorial-read:ip:${networkKey(ip)}`, limit: MEMORIAL_READS_PER_10_MIN, windowSeconds: 600, message: legacyMessages.memorialReadLimit });
  defineRoute(app, ctx, api.getMemorial, async ({ params, request }) => {
    await readLimit(request.ip);
    return getMemorial(deps, params.slug);
  });
  defineRoute(app, ctx, api.listMemorialMemories, async ({ params, query, request }) => {
    await readLimit(request.ip);
    return listMemorialMemories(deps, params.slug, query);
  });
  defineRoute(
    app,
    ctx,
    api.getMemorialMemoryRecording,
    async ({ params, headers, request, reply }) => {
      await readLimit(request.ip);
      return sendStoredAudio(reply, ctx.storage, await memorialMemoryRecording(deps, params.slug, params.memoryId), headers.range, recordingNotFound);
    },
    { compress: false },
  );
  defineRoute(app, ctx, api.stillHere, async ({ body }) => {
    await stillHere(deps, body.token);
    return { ok: true as const };
  });
}
