import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { checkHealth, checkReadiness } from "./service";

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.health, () => checkHealth(ctx.db));
  defineRoute(app, ctx, api.readiness, async ({ reply }) => {
    const readiness = await checkReadiness(ctx.db, ctx.storage);
    if (readiness.status !== "ready") reply.status(503);
    return readiness;
  });
}
