import type { z } from "zod";
import { api, errorEnvelopeSchema, type Endpoint } from "../../../contract";

import { jsonSchemaOf } from "../../platform/json-schema";

const inputSchema = (schema: z.ZodType) => jsonSchemaOf(schema, "input");
const outputSchema = (schema: z.ZodType) => jsonSchemaOf(schema, "output");

/** `/api/memories/:id` → `/api/memories/{id}` */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

function parametersOf(endpoint: Endpoint) {
  const from = (where: "path" | "query" | "header", shape: z.ZodObject | undefined) =>
    Object.entries(shape?.shape ?? {}).map(([name, field]) => ({
      name,
      in: where,
      required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
      schema: inputSchema(field as z.ZodType),
    }));
  return [...from("path", endpoint.params), ...from("query", endpoint.query), ...from("header", endpoint.headers)];
}

function operationOf(name: string, endpoint: Endpoint) {
  const parameters = parametersOf(endpoint);
  const mediaType = endpoint.produces ?? "application/json";
  return {
    operationId: name,
    summary: endpoint.summary,
    ...(endpoint.auth ? { security: [{ session: [] }] } : { security: [] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body
      ? { requestBody: { required: true, content: { [endpoint.multipart ? "multipart/form-data" : "application/json"]: { schema: inputSchema(endpoint.body) } } } }
      : {}),
    responses: {
      "2XX": { description: "Success", content: { [mediaType]: { schema: outputSchema(endpoint.response) } } },
      default: { description: "Any failure: the one error envelope, its message written for people.", content: { "application/json": { schema: outputSchema(errorEnvelopeSchema) } } },
    },
  };
}

/** OpenAPI 3.1 for every endpoint of the contract's table, made from the same schemas the server validates with. */
export function buildOpenApiDocument(version: string, options: { production: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, endpoint] of Object.entries(api) as [string, Endpoint][]) {
    // Production has no development endpoints, so its document names none.
    if (options.production && endpoint.devOnly) continue;
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operationOf(name, endpoint) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Mindprint API",
      version,
      description:
        "Every endpoint of Mindprint's server. State-changing requests must come from the app's own origin (Origin or Sec-Fetch-Site); errors are always `{ error: { code, message } }`.",
    },
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "mindprint.session_token", description: "The session cookie set by sign-in (`__Host-mindprint.session_token` in production)." },
      },
    },
    paths,
  };
}
