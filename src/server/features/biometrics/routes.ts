import type { Multipart } from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { api, biometricMessages } from "../../../contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { defineRoute } from "../../platform/http";
import { getBiometricImport, presentImport, uploadBiometricExport } from "./imports";
import { deleteBiometricSource, getBiometricSeries, getBiometrics } from "./summary";

const fileRequired = () => new AppError("validation_failed", biometricMessages.fileRequired, { fields: { file: biometricMessages.fileRequired } });
const oneFileOnly = () => new AppError("validation_failed", biometricMessages.oneFileOnly, { fields: { file: biometricMessages.oneFileOnly } });

async function nextPart(parts: AsyncIterator<Multipart>): Promise<Multipart | null> {
  try {
    const next = await parts.next();
    return next.done ? null : next.value;
  } catch (error) {
    if ((error as { code?: string }).code === "FST_FILES_LIMIT") throw oneFileOnly();
    if (error instanceof AppError) throw error;
    throw fileRequired();
  }
}

export function registerBiometricRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getBiometrics, async ({ user }) => getBiometrics(ctx, user.id));
  defineRoute(app, ctx, api.getBiometricSeries, async ({ user, params, query }) => getBiometricSeries(ctx.db, user.id, params.metric, query.range));
  defineRoute(app, ctx, api.getBiometricImport, async ({ user, params }) => ({ import: presentImport(await getBiometricImport(ctx.db, user.id, params.id)) }));
  defineRoute(app, ctx, api.deleteBiometricSource, async ({ user, params }) => {
    await deleteBiometricSource(ctx.db, user.id, params.id);
    return { ok: true as const };
  });
  defineRoute(
    app,
    ctx,
    api.uploadBiometricExport,
    async ({ user, request, reply }) => {
      if (!request.isMultipart()) throw fileRequired();
      // One byte past the limit is enough to know the file is too large; the stream then stops (truncated).
      const limit = Math.floor(ctx.config.BIOMETRIC_MAX_UPLOAD_MB * 1024 * 1024) + 1;
      const parts = request.parts({ limits: { fileSize: limit, files: 1 } })[Symbol.asyncIterator]();
      let part = await nextPart(parts);
      while (part?.type === "field") part = await nextPart(parts);
      if (!part || part.type !== "file" || part.fieldname !== "file") throw fileRequired();
      const refuseMore = async () => {
        for (let more = await nextPart(parts); more; more = await nextPart(parts)) if (more.type === "file") throw oneFileOnly();
      };
      const { row, duplicate } = await uploadBiometricExport(ctx, user.id, { file: part.file, filename: part.filename }, refuseMore);
      reply.status(duplicate ? 200 : 202);
      return { import: presentImport(row), duplicate };
    },
    { unauthenticatedMessage: biometricMessages.mustBeLoggedIn },
  );
}
