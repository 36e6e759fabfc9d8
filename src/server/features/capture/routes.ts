import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { saveCaptureAnswer } from "./answers";
import { promptQueue } from "./prompts";

export function registerCaptureRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getCapturePrompts, async ({ user }) => promptQueue(ctx.db, user.id, ctx.transcriber?.name ?? null));
  defineRoute(app, ctx, api.saveCaptureAnswer, async ({ user, body, headers, reply }) => {
    const { created, memory } = await saveCaptureAnswer(ctx, user.id, body, headers["idempotency-key"]);
    reply.status(created ? 201 : 200);
    return { memory };
  });
}
