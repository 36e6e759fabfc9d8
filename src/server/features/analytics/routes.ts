import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import { callerOf } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { recordAnalyticsEvent } from "./service";

export function registerAnalyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.trackEvent, async ({ request, reply, body }) => {
    reply.status(202);
    return recordAnalyticsEvent(ctx, callerOf(request), body);
  });
}
