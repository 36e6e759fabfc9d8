import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import type { Profile } from "../../../contract";
import { calibrationAnswerCount, completeOnboarding, decideLanding, ensureProfile, saveIdentity, saveIntents } from "./service";

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const reply = async (userId: string, profile: Profile) => ({
    profile,
    landing: await decideLanding(ctx.db, userId, profile),
    calibrationAnswers: await calibrationAnswerCount(ctx.db, userId),
  });
  defineRoute(app, ctx, api.getProfile, async ({ user }) => reply(user.id, await ensureProfile(ctx.db, user.id)));
  defineRoute(app, ctx, api.saveIntents, async ({ user, body }) => reply(user.id, await saveIntents(ctx.db, user.id, body.intents)));
  defineRoute(app, ctx, api.saveIdentity, async ({ user, body }) => reply(user.id, await saveIdentity(ctx.db, user.id, body)));
  defineRoute(app, ctx, api.completeOnboarding, async ({ user }) => reply(user.id, await completeOnboarding(ctx.db, user.id)));
}
