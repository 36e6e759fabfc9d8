import type { FastifyInstance } from "fastify";
import { api, idempotencyKeySchema, listMemoriesQuerySchema, messages } from "../../../contract";
import { AppError } from "../../platform/errors";
import type { AppContext } from "../../platform/context";
import { defineRoute } from "../../platform/http";
import { listMemories } from "./search";
import { createMemory, deleteMemory, getMemory, listMemoryVersions, updateMemory } from "./service";
import { getMemoryStats } from "./stats";

export function registerMemoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.createMemory, async ({ user, body, request, reply }) => {
    const key = request.headers["idempotency-key"];
    const parsedKey = key === undefined ? undefined : idempotencyKeySchema.safeParse(Array.isArray(key) ? key[0] : key);
    if (parsedKey && !parsedKey.success) throw new AppError("validation_failed", messages.idempotencyKeyInvalid);
    const idempotencyKey = parsedKey?.data;
    const { created, ...memory } = await createMemory(ctx.db, user.id, body, idempotencyKey);
    // A retried request gets the memory stored the first time, marked as a replay.
    if (created === false) reply.status(200).header("idempotent-replayed", "true");
    else reply.status(201);
    // The insert queued the memory's embedding job (migration 0016); start it now rather than at the next poll.
    ctx.jobs.nudge();
    return { memory };
  });
  // defineRoute validates bodies only; the query string is parsed here (a ZodError becomes the 400 envelope).
  defineRoute(app, ctx, api.listMemories, async ({ user, request }) => listMemories(ctx.db, user.id, listMemoriesQuerySchema.parse(request.query ?? {})));
  defineRoute(app, ctx, api.getMemoryStats, async ({ user }) => getMemoryStats(ctx.db, user.id));
  defineRoute(app, ctx, api.getMemory, async ({ user, params }) => ({ memory: await getMemory(ctx.db, user.id, params.id) }));
  defineRoute(app, ctx, api.listMemoryVersions, async ({ user, params }) => ({ versions: await listMemoryVersions(ctx.db, user.id, params.id) }));
  defineRoute(app, ctx, api.updateMemory, async ({ user, params, body }) => {
    const memory = await updateMemory(ctx.db, user.id, params.id, body);
    ctx.jobs.nudge();
    return { memory };
  });
  defineRoute(app, ctx, api.deleteMemory, async ({ user, params }) => {
    await deleteMemory(ctx.db, user.id, params.id);
    return { ok: true as const };
  });
}
