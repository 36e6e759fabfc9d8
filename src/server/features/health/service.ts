import { sql } from "drizzle-orm";
import type { HealthResponse } from "../../../contract";
import type { Database } from "../../db/client";

/** Whether the database answers a trivial query; never throws, so the health check itself always answers. */
export async function checkHealth(db: Database): Promise<HealthResponse> {
  const database = await db
    .execute(sql`SELECT 1`)
    .then(() => "connected" as const)
    .catch(() => "offline" as const);
  return { status: database === "connected" ? "ok" : "degraded", database };
}
