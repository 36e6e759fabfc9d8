import { z } from "zod";

/** GET /api/debug (development only): what this server runs and which providers are switched on. */
export const debugResponseSchema = z.object({
  version: z.string(),
  node: z.string(),
  environment: z.string(),
  database: z.enum(["embedded", "external"]),
  providers: z.object({ email: z.string(), googleSignIn: z.boolean(), llm: z.string(), accessMode: z.string() }),
});

/** The files of the API viewer at /api/docs (served from the swagger-ui-dist package, never a CDN). */
export const apiDocsAssetNames = ["swagger-ui.css", "swagger-ui-bundle.js", "start-viewer.js"] as const;
