import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import type { AppContext } from "../../platform/context";
import { defineRoute } from "../../platform/http";

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.health, async () => {
    const database = await ctx.db
      .execute(sql`SELECT 1`)
      .then(() => "connected" as const)
      .catch(() => "offline" as const);
    return { status: database === "connected" ? ("ok" as const) : ("degraded" as const), database };
  });
}
