import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { messages, type Endpoint } from "../../contract";
import { callerOf } from "./caller";
import type { PlatformContext } from "./context";
import { AppError } from "./errors";
import { jsonSchemaOf } from "./json-schema";
import { requireSessionUser, type SessionUser } from "./session";

type Parsed<E extends Endpoint, K extends "body" | "query" | "params" | "headers"> = E extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;
type UserOf<E extends Endpoint> = E["auth"] extends true ? SessionUser : null;
/** JSON endpoints answer a value the response schema accepts; streamed ones answer the reply they sent. */
type HandlerResult<E extends Endpoint> = E extends { produces: string } ? FastifyReply : z.input<E["response"]>;

export interface RouteInput<E extends Endpoint> {
  body: Parsed<E, "body">;
  query: Parsed<E, "query">;
  params: Parsed<E, "params">;
  headers: Parsed<E, "headers">;
  user: UserOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  bodyLimit?: number;
  compress?: false;
  /** The words of the 401 when this endpoint's own spec has them. */
  unauthenticatedMessage?: string;
}

const signedIn = new WeakMap<FastifyRequest, SessionUser>();

/**
 * A preParsing hook that knows the caller before a byte of the body is read (SECURITY.md 30): a request without a
 * session costs a cookie lookup, never the parsing of a large body.
 */
const authenticateBeforeBody =
  (ctx: PlatformContext, access: { legacyPage: boolean; beforeAge: boolean }, unauthenticatedMessage?: string) =>
  async (request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream): Promise<NodeJS.ReadableStream> => {
    try {
      signedIn.set(request, await requireSessionUser(ctx, callerOf(request).headers, access));
    } catch (error) {
      if (unauthenticatedMessage && error instanceof AppError && error.code === "unauthenticated") throw new AppError("unauthenticated", unauthenticatedMessage);
      throw error;
    }
    return payload;
  };

function parseParams(endpoint: Endpoint, raw: unknown): unknown {
  if (!endpoint.params) return undefined;
  const parsed = endpoint.params.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  // A malformed id names nothing: the same 404 as an unknown one, never a 400.
  const missing = endpoint.missing ?? { code: "not_found" as const, message: messages.notFound };
  throw new AppError(missing.code, missing.message);
}

/**
 * Registers one contract endpoint, the only way an API route is added: authenticates when the contract says so
 * (before the body is read), validates path, query, headers and body (a ZodError becomes the 400 envelope), runs the
 * handler, and for JSON checks the answer against the response schema and lets Fastify serialize it from that
 * schema. An answer that breaks its schema is our bug: logged, and a 500 to the client, never a 400.
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  ctx: PlatformContext,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<HandlerResult<E>>,
  options: RouteOptions = {},
): void {
  const isJson = !endpoint.produces;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: options.bodyLimit,
    compress: options.compress,
    schema: isJson ? { response: { "2xx": jsonSchemaOf(endpoint.response, "output", "draft-7") } } : undefined,
    // The legacy endpoints are the ones a person admitted only as a legacy contact may call.
    preParsing: endpoint.auth ? authenticateBeforeBody(ctx, { legacyPage: endpoint.path.startsWith("/api/legacy/"), beforeAge: endpoint.beforeAge === true }, options.unauthenticatedMessage) : undefined,
    handler: async (request, reply) => {
      const input = {
        user: (endpoint.auth ? signedIn.get(request) : null) as UserOf<E>,
        params: parseParams(endpoint, request.params),
        query: endpoint.query?.parse(request.query ?? {}),
        headers: endpoint.headers?.parse(request.headers),
        // A multipart body is a stream the handler reads itself.
        body: endpoint.body && !endpoint.multipart ? endpoint.body.parse(request.body ?? {}) : undefined,
        request,
        reply,
      } as RouteInput<E>;
      const result = await handler(input);
      if (!isJson) return result;
      reply.header("cache-control", "no-store");
      const checked = endpoint.response.safeParse(result);
      if (!checked.success) {
        const issues = checked.error.issues.map((issue) => ({ path: issue.path.join("."), code: issue.code }));
        request.log.error({ route: `${endpoint.method} ${endpoint.path}`, issues }, "an answer broke its response schema");
        throw new AppError("internal_error", messages.internal);
      }
      return checked.data;
    },
  });
}
