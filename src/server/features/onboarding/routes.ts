import type { FastifyInstance } from "fastify";
import { withGeneration } from "../../platform/generation-limit";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { createReflection, submitCalibration } from "./service";

export function registerOnboardingRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.submitCalibration, async ({ user, body, reply }) => {
    reply.status(201);
    const answer = await submitCalibration(ctx.db, user.id, body);
    ctx.jobs.nudge(); // its embedding job was queued with it (migration 0016)
    return answer;
  });
  defineRoute(app, ctx, api.generateReflection, async ({ user }) => ({ reflection: await withGeneration(ctx, user.id, () => createReflection(ctx, user.id)) }));
}
