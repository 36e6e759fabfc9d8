import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import { callerOf } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { joinWaitlist, unsubscribeFromWaitlist } from "./service";

export function registerWaitlistRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.joinWaitlist, async ({ request, reply, body }) => {
    const answer = await joinWaitlist(ctx, callerOf(request), body);
    reply.status(answer.alreadyJoined ? 200 : 201);
    return answer;
  });
  defineRoute(app, ctx, api.unsubscribeWaitlist, ({ body }) => unsubscribeFromWaitlist(ctx.db, body.token));
}
