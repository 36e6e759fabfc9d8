import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import { callerOf } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { getWaitlistPlace } from "./place";
import { joinWaitlist, unsubscribeFromWaitlist } from "./service";

export function registerWaitlistRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.joinWaitlist, async ({ request, reply, body }) => {
    const answer = await joinWaitlist(ctx, callerOf(request), body);
    // Accepted, and the same for a new address and a known one: what happened is told to the address by e-mail.
    reply.status(202);
    return answer;
  });
  defineRoute(app, ctx, api.getWaitlistPlace, ({ body }) => getWaitlistPlace(ctx.authDb, ctx.config.publicUrl, body.token));
  defineRoute(app, ctx, api.unsubscribeWaitlist, ({ body }) => unsubscribeFromWaitlist(ctx.authDb, body.token));
}
