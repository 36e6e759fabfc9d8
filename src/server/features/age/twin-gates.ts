import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { ageMessages, api } from "../../../contract";
import { withUserScope } from "../../db/user-scope";
import { callerOf } from "../../platform/caller";
import type { PlatformContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { checkSession } from "../../platform/session";
import { isKnownMinor } from "./age";

/**
 * The one age rule kept at a twin's door rather than in the access policy (platform/session.ts enforces the rest for
 * every route): a public memorial's chat, open to anonymous visitors, refuses a signed-in known minor. It runs before
 * the route's handler, so a refusal costs no rate-limit budget and starts no answer.
 */
const gates: Record<string, (ctx: PlatformContext, request: FastifyRequest) => Promise<void>> = {
  [`${api.askMemorialTwin.method} ${api.askMemorialTwin.path}`]: async (ctx, request) => {
    const checked = await checkSession(ctx, callerOf(request).headers);
    if (!checked) return;
    const minor = await withUserScope(ctx.db, checked.user.id, (tx) => isKnownMinor(tx, checked.user.id, ctx.clock.now()));
    if (minor) throw new AppError("age_not_permitted", ageMessages.memorialMinor);
  },
};

/** Adds the age gates to their routes as they are registered: call before the twin's routes are. */
export function registerAgeGates(app: FastifyInstance, ctx: PlatformContext): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const gate = methods.map((method) => gates[`${method} ${route.url}`]).find(Boolean);
    if (!gate) return;
    const earlier = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [...earlier, async (request: FastifyRequest) => gate(ctx, request)];
  });
}
