import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { ageMessages, api } from "../../../contract";
import { withUserScope } from "../../db/user-scope";
import { callerOf } from "../../platform/caller";
import type { PlatformContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { checkSession } from "../../platform/session";
import { isKnownMinor, requireAgeForTwin } from "./age";

/**
 * The age rules at the doors of the twins, kept here rather than in the twin's code: a contact's visitor twin needs a
 * stated age (13–17 with a guardian's consent) before the first question; so does the owner's own twin (its chat and
 * the Laboratory's scenarios), for accounts made before the check; a public memorial's chat refuses a signed-in known
 * minor (anonymous visitors cannot be known). Each runs before the route's handler, so a refusal costs no rate-limit
 * budget and starts no answer.
 */
const ownTwin = async (ctx: PlatformContext, request: FastifyRequest) => {
  const checked = await checkSession(ctx, callerOf(request).headers);
  if (checked) await requireAgeForTwin(ctx, checked.user.id, "own-twin");
};

const gates: Record<string, (ctx: PlatformContext, request: FastifyRequest) => Promise<void>> = {
  [`${api.sendTwinMessage.method} ${api.sendTwinMessage.path}`]: ownTwin,
  [`${api.decideTwinScenario.method} ${api.decideTwinScenario.path}`]: ownTwin,
  [`${api.sendVisitorTwinMessage.method} ${api.sendVisitorTwinMessage.path}`]: async (ctx, request) => {
    const checked = await checkSession(ctx, callerOf(request).headers);
    // Authentication already ran (preParsing); without a session the route's own 401 stands.
    if (checked) await requireAgeForTwin(ctx, checked.user.id);
  },
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
