import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { listDevMailbox } from "../../platform/mail/dev-mailbox";
import { legacyDeps, runReleaseScheduler, schedulerHooks } from "../legacy";
import { forgetSignInLinkWait } from "../session";
import { describeServer } from "./debug";
import { renderMailboxPage } from "./mailbox-page";

/** Development-only pages; not registered at all in production, so they answer 404 there. */
export function registerDevRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.isDev) return;
  app.get("/dev/mailbox", async (_request, reply) => {
    const mails = await listDevMailbox(ctx.authDb);
    reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
    return renderMailboxPage(mails);
  });
  defineRoute(app, ctx, api.getDebug, async () => describeServer(ctx));
  // Browser tests let days pass (a veto window, a seal) without waiting: the legacy rules read ctx.clock. Only when
  // asked for as well (DEV_CLOCK=on): a server that forgot NODE_ENV=production must not let anyone skip a waiting period.
  if (ctx.config.DEV_CLOCK !== "on") return;
  defineRoute(app, ctx, api.advanceDevClock, async ({ body }) => {
    ctx.clock.advance(body.days * 86_400_000);
    return { now: ctx.clock.now().toISOString() };
  });
  // The same guard: one sign-in link a minute per address is a rule browser tests keep meeting, not what they test.
  defineRoute(app, ctx, api.forgetDevSignInLimit, async ({ body }) => {
    await forgetSignInLinkWait(ctx, body.email);
    return { email: body.email };
  });
  defineRoute(app, ctx, api.runDevLegacyCheck, async () => {
    await runReleaseScheduler(legacyDeps(ctx), schedulerHooks(ctx));
    return { now: ctx.clock.now().toISOString() };
  });
}
