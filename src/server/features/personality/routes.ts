import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { answerScenario, getScenarios } from "./scenarios";
import { completeAttempt, getPersonality, personalityItems, saveAnswers, startAttempt } from "./service";

export function registerPersonalityRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getPersonality, async ({ user }) => getPersonality(ctx.db, user.id));
  defineRoute(app, ctx, api.listPersonalityItems, async () => personalityItems());
  defineRoute(app, ctx, api.startPersonalityAttempt, async ({ user, reply }) => {
    const { attempt, created } = await startAttempt(ctx.db, user.id);
    reply.status(created ? 201 : 200);
    return { attempt };
  });
  defineRoute(app, ctx, api.savePersonalityAnswers, async ({ user, params, body }) => saveAnswers(ctx.db, user.id, params.id, body.answers));
  defineRoute(app, ctx, api.completePersonalityAttempt, async ({ user, params, body }) => completeAttempt(ctx.db, user.id, params.id, body, ctx.clock.now()));
  defineRoute(app, ctx, api.getDecisionScenarios, async ({ user }) => getScenarios(ctx, user.id));
  defineRoute(app, ctx, api.answerDecisionScenario, async ({ user, params, body, reply }) => {
    const result = await answerScenario(ctx, user.id, params.scenarioId, body);
    reply.status(201);
    return result;
  });
}
