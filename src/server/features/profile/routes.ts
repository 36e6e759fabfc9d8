import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { completeOnboarding, ensureProfile, saveIdentity, saveIntents } from "./service";

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getProfile, async ({ user }) => ({ profile: await ensureProfile(ctx.db, user.id) }));
  defineRoute(app, ctx, api.saveIntents, async ({ user, body }) => ({ profile: await saveIntents(ctx.db, user.id, body.intents) }));
  defineRoute(app, ctx, api.saveIdentity, async ({ user, body }) => ({ profile: await saveIdentity(ctx.db, user.id, body) }));
  defineRoute(app, ctx, api.completeOnboarding, async ({ user }) => ({ profile: await completeOnboarding(ctx.db, user.id) }));
}
