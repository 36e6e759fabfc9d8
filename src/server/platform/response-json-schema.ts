import { z } from "zod";

/**
 * The JSON Schema Fastify compiles its serializer from (fast-json-stringify): the response schema as it leaves the
 * server (zod's output side). Properties the schema does not name are never written, so a field added to a row
 * cannot reach a client by accident. Draft 7 is the dialect Fastify's compiler reads.
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "any" }) as Record<string, unknown>;
  return json;
}
