import { z } from "zod";

/**
 * A contract schema as JSON Schema, without its `$schema` line: the input side (what a request may carry) or the output
 * side (what an answer is). Fastify compiles its serializer (fast-json-stringify) from the output side in draft 7, the
 * dialect its compiler reads, so properties the schema does not name are never written; /api/openapi.json uses the
 * default dialect, 2020-12, which OpenAPI 3.1 speaks.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output", target?: "draft-7"): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any", ...(target ? { target } : {}) }) as Record<string, unknown>;
  return json;
}
