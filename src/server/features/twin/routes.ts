import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { admitGeneration, withGeneration } from "../../platform/generation-limit";
import { defineRoute } from "../../platform/http";
import { twinChatResponse } from "./chat-stream";
import { generateMemoryInsight, generateValuesSummary } from "./insights";
import { listTwinMessages, setTwinFeedback } from "./messages";
import { decideScenario } from "./scenario";
import { getTwinStatus } from "./status";

export function registerTwinRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getTwinStatus, async ({ user }) => getTwinStatus(ctx, user.id));
  defineRoute(app, ctx, api.listTwinMessages, async ({ user }) => ({ messages: await listTwinMessages(ctx.db, user.id) }));
  defineRoute(app, ctx, api.setTwinFeedback, async ({ user, params, body }) => ({ message: await setTwinFeedback(ctx.db, user.id, params.id, body.feedback) }));
  defineRoute(app, ctx, api.decideTwinScenario, async ({ user, body }) => withGeneration(ctx, user.id, () => decideScenario(ctx, user.id, body.scenario)));
  defineRoute(app, ctx, api.generateMemoryInsight, async ({ user }) => withGeneration(ctx, user.id, () => generateMemoryInsight(ctx.db, user.id)));
  defineRoute(app, ctx, api.generateValuesSummary, async ({ user }) => withGeneration(ctx, user.id, () => generateValuesSummary(ctx.db, user.id)));

  // A stream; never compressed, because a compressor would hold the tokens back.
  defineRoute(
    app,
    ctx,
    api.sendTwinMessage,
    async ({ user, body, request, reply }) => {
      const abort = new AbortController();
      // The response's socket closing before the answer finished means the person stopped it or left; listened to
      // before waiting for a slot, so leaving while in line also gives the slot back.
      reply.raw.once("close", () => {
        if (!reply.raw.writableFinished) abort.abort(new Error("the client went away"));
      });
      // Admitted before the stream starts, so a refusal is a plain 429 with Retry-After; the slot is held until the
      // answer is stored, failed or stopped.
      const release = await admitGeneration(ctx, user.id);
      if (abort.signal.aborted) {
        release();
        return reply;
      }
      const response = twinChatResponse(ctx, user.id, body.text, abort.signal, (error) => request.log.error({ err: error }, "twin answer failed"), release);
      reply.status(response.status).header("cache-control", "no-store");
      response.headers.forEach((value, key) => reply.header(key, value));
      return reply.send(response.body);
    },
    { compress: false },
  );
}
