import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "./context";
import { toFetchHeaders } from "./request-headers";

/** Copies every Set-Cookie of a Better Auth response onto our reply (sessions, OAuth state). */
export function forwardSetCookies(from: Response, reply: FastifyReply): void {
  const cookies = from.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}

/**
 * Hands one request to Better Auth's Fetch handler and relays its answer. Only the routes registered
 * in app.ts reach it (the OpenID Connect callback); every other sign-in step goes through our contract.
 */
export async function relayToAuth(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const url = new URL(request.url, ctx.config.publicUrl);
  const response = await ctx.auth.handler(new Request(url, { method: request.method, headers: toFetchHeaders(request) }));
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") reply.header(name, value);
  });
  forwardSetCookies(response, reply);
  reply.header("cache-control", "no-store");
  reply.send(Buffer.from(await response.arrayBuffer()));
}
