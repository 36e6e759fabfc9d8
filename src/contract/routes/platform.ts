import { z } from "zod";
import { apiDocsAssetNames, debugResponseSchema } from "../debug";
import { healthResponseSchema, readinessResponseSchema } from "../health";
import { emailSchema } from "../session";
import { endpoints, type EndpointName } from "../endpoints";
import type { Endpoint } from "./shared";

/** The service's own endpoints: health and readiness, the development tools, and the API's documentation. */
export const platformRoutes = {
  health: { ...endpoints.health, summary: "Whether the API and its database answer (liveness: the process answers even when they do not).", response: healthResponseSchema },
  readiness: {
    ...endpoints.readiness,
    summary: "Whether this process can serve requests now: 200 when its database and file storage answer, 503 while either does not (for a load balancer).",
    response: readinessResponseSchema,
  },
  getDebug: { ...endpoints.getDebug, summary: "Development only: version, data location and the providers switched on.", response: debugResponseSchema },
  advanceDevClock: {
    ...endpoints.advanceDevClock,
    summary: "Development only: moves the legacy clock forward.",
    body: z.strictObject({ days: z.number().min(0).max(400) }),
    response: z.object({ now: z.string() }),
  },
  forgetDevSignInLimit: {
    ...endpoints.forgetDevSignInLimit,
    summary: "Development only: lets the minute between one address's sign-in links pass now.",
    body: z.strictObject({ email: emailSchema }),
    response: z.object({ email: z.string() }),
  },
  runDevLegacyCheck: { ...endpoints.runDevLegacyCheck, summary: "Development only: runs the legacy release check now.", response: z.object({ now: z.string() }) },
  getOpenApiDocument: {
    ...endpoints.getOpenApiDocument,
    summary: "This API as an OpenAPI 3.1 document, made from the same schemas the server validates with.",
    response: z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
  },
  getApiDocs: { ...endpoints.getApiDocs, summary: "A viewer for the OpenAPI document (Swagger UI, served from this server).", response: z.string(), produces: "text/html" },
  getApiDocsAsset: {
    ...endpoints.getApiDocsAsset,
    summary: "The viewer's script and style sheet.",
    params: z.object({ file: z.enum(apiDocsAssetNames) }),
    response: z.string(),
    produces: "text/javascript, text/css",
  },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
