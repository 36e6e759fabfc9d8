import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { listMemories } from "./search";
import { createSearchGuard } from "./search-guard";
import { createMemory, deleteMemory, getMemory, listMemoryVersions, setMemoriesAudience, updateMemory } from "./service";
import { getMemoryStats } from "./stats";
import { getMemoryTimeline } from "./timeline";

export function registerMemoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  // One guard per app (so per process): the searches of this process share its pool.
  const searchGuard = createSearchGuard(ctx.config);
  defineRoute(app, ctx, api.createMemory, async ({ user, body, headers, reply }) => {
    const { created, ...memory } = await createMemory(ctx.db, user.id, body, headers["idempotency-key"]);
    // A retried request gets the memory stored the first time, marked as a replay.
    if (created === false) reply.status(200).header("idempotent-replayed", "true");
    else reply.status(201);
    // The insert queued the memory's embedding job (migration 0016); start it now rather than at the next poll.
    ctx.jobs.nudge();
    return { memory };
  });
  defineRoute(app, ctx, api.listMemories, async ({ user, query }) => listMemories(ctx.db, user.id, query, searchGuard));
  defineRoute(app, ctx, api.getMemoryStats, async ({ user }) => getMemoryStats(ctx.db, user.id));
  defineRoute(app, ctx, api.getMemoryTimeline, async ({ user, query }) => getMemoryTimeline(ctx.db, user.id, query));
  defineRoute(app, ctx, api.getMemory, async ({ user, params }) => ({ memory: await getMemory(ctx.db, user.id, params.id) }));
  defineRoute(app, ctx, api.listMemoryVersions, async ({ user, params }) => ({ versions: await listMemoryVersions(ctx.db, user.id, params.id) }));
  defineRoute(app, ctx, api.updateMemory, async ({ user, params, body }) => {
    const memory = await updateMemory(ctx.db, user.id, params.id, body);
    ctx.jobs.nudge();
    return { memory };
  });
  defineRoute(app, ctx, api.setMemoriesAudience, async ({ user, body }) => setMemoriesAudience(ctx.db, user.id, body));
  defineRoute(app, ctx, api.deleteMemory, async ({ user, params }) => {
    await deleteMemory(ctx.db, user.id, params.id);
    return { ok: true as const };
  });
}
