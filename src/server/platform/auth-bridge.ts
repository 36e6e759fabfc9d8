import type { FastifyReply, FastifyRequest } from "fastify";
import { callerOf, sendCookies } from "./caller";
import type { PlatformContext } from "./context";

/** The one Better Auth endpoint we relay to: a fixed path, never one rebuilt from the request (SECURITY.md 44). */
const GOOGLE_CALLBACK_PATH = "/api/auth/callback/google";

/**
 * Hands Google's OpenID Connect callback to Better Auth's Fetch handler and relays its answer. Only the query string
 * travels from the request; the path is ours, so no relayed `..` or `\\` can reach another of Better Auth's endpoints
 * (every other sign-in step goes through our contract, where the age rules run).
 */
export async function relayGoogleCallback(ctx: PlatformContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const queryAt = request.url.indexOf("?");
  const url = new URL(GOOGLE_CALLBACK_PATH, ctx.config.publicUrl);
  url.search = queryAt === -1 ? "" : request.url.slice(queryAt);
  const response = await ctx.auth.handler(new Request(url, { method: request.method, headers: callerOf(request).headers }));
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") reply.header(name, value);
  });
  sendCookies(reply, response.headers.getSetCookie());
  reply.header("cache-control", "no-store");
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
