import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { checkHealth } from "./service";

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.health, () => checkHealth(ctx.db));
}
