import { sql } from "drizzle-orm";
import type { HealthResponse, ReadinessResponse } from "../../../contract";
import type { Database } from "../../db/client";
import type { Storage } from "../../platform/storage/storage";

/** Whether the database answers a trivial query; never throws, so the health check itself always answers. */
export async function checkHealth(db: Database): Promise<HealthResponse> {
  const database = await db
    .execute(sql`SELECT 1`)
    .then(() => "connected" as const)
    .catch(() => "offline" as const);
  return { status: database === "connected" ? "ok" : "degraded", database };
}

/** Readiness for a load balancer: the database and the file storage (the disk, or the bucket) both answer. */
export async function checkReadiness(db: Database, storage: Storage): Promise<ReadinessResponse> {
  const [health, reachable] = await Promise.all([checkHealth(db), storage.reachable().catch(() => false)]);
  const ready = health.database === "connected" && reachable;
  return { status: ready ? "ready" : "not-ready", database: health.database, storage: reachable ? "reachable" : "unreachable" };
}
