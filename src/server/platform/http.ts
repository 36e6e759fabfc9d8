import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Endpoint } from "../../contract";
import type { AppContext } from "./context";
import { requireSessionUser, type SessionUser } from "./session";

type BodyOf<E extends Endpoint> = E extends { body: z.ZodType } ? z.output<E["body"]> : undefined;
type UserOf<E extends Endpoint> = E["auth"] extends true ? SessionUser : null;

export interface RouteInput<E extends Endpoint> {
  body: BodyOf<E>;
  user: UserOf<E>;
  params: Record<string, string>;
  request: FastifyRequest;
  reply: FastifyReply;
}

const signedIn = new WeakMap<FastifyRequest, SessionUser>();

/**
 * A preParsing hook that knows the caller before a byte of the body is read (SECURITY.md 30): a request without a
 * session costs a cookie lookup, never the parsing of a large body. Routes outside defineRoute (streams) use it too.
 */
export const authenticateBeforeBody =
  (ctx: AppContext) =>
  async (request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream): Promise<NodeJS.ReadableStream> => {
    signedIn.set(request, await requireSessionUser(ctx, request));
    return payload;
  };

/** The caller authenticated by authenticateBeforeBody. */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = signedIn.get(request);
  if (!user) throw new Error("signedInUser() on a route without authenticateBeforeBody");
  return user;
}

/**
 * Registers one contract endpoint: authenticates when the contract says so, validates the body
 * (a ZodError becomes the 400 envelope in the error handler), runs the handler, and shapes the reply
 * through the response schema so nothing outside the contract leaves the server.
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<z.input<E["response"]>>,
  options: { bodyLimit?: number; compress?: false } = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    preParsing: endpoint.auth ? authenticateBeforeBody(ctx) : undefined,
    handler: async (request, reply) => {
      const user = (endpoint.auth ? signedIn.get(request) : null) as UserOf<E>;
      const body = (endpoint.body ? endpoint.body.parse(request.body ?? {}) : undefined) as BodyOf<E>;
      const result = await handler({ body, user, params: (request.params ?? {}) as Record<string, string>, request, reply });
      reply.header("cache-control", "no-store");
      return endpoint.response.parse(result);
    },
  });
}
