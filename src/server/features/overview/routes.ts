import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { getOverview } from "./service";

export function registerOverviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getOverview, async ({ user }) => getOverview(ctx.db, user.id));
}
