import { z } from "zod";

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["connected", "offline"]),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Readiness: whether this process can serve requests now (its database and its file storage answer); 503 when not. */
export const readinessResponseSchema = z.object({
  status: z.enum(["ready", "not-ready"]),
  database: z.enum(["connected", "offline"]),
  storage: z.enum(["reachable", "unreachable"]),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
