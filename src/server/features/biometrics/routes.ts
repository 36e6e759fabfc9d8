import type { FastifyInstance } from "fastify";
import { api, biometricMessages } from "../../../contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { defineRoute } from "../../platform/http";
import { openUpload } from "../../platform/multipart";
import { getBiometricImport, presentImport, uploadBiometricExport } from "./imports";
import { deleteBiometricSource, getBiometricSeries, getBiometrics } from "./summary";

const fileRequired = () => new AppError("validation_failed", biometricMessages.fileRequired, { fields: { file: biometricMessages.fileRequired } });
const exportUpload = { field: "file", fileRequired: biometricMessages.fileRequired, oneFileOnly: biometricMessages.oneFileOnly, incomplete: biometricMessages.uploadIncomplete };

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
      // One byte past the limit is enough to know the file is too large; the stream then stops (truncated).
      const limit = Math.floor(ctx.config.BIOMETRIC_MAX_UPLOAD_MB * 1024 * 1024) + 1;
      const { file, refuseMoreFiles } = await openUpload(request, limit, exportUpload);
      if (!file) throw fileRequired();
      const { row, duplicate } = await uploadBiometricExport(ctx, user.id, { file: file.file, filename: file.filename }, refuseMoreFiles);
      reply.status(duplicate ? 200 : 202);
      return { import: presentImport(row), duplicate };
    },
    { unauthenticatedMessage: biometricMessages.mustBeLoggedIn },
  );
}
