import type { FastifyReply, FastifyRequest } from "fastify";
import { callerOf, sendCookies } from "./caller";
import type { PlatformContext } from "./context";

/**
 * Hands one request to Better Auth's Fetch handler and relays its answer. Only the OpenID Connect callback reaches it;
 * every other sign-in step goes through our contract.
 */
export async function relayToAuth(ctx: PlatformContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const url = new URL(request.url, ctx.config.publicUrl);
  const response = await ctx.auth.handler(new Request(url, { method: request.method, headers: callerOf(request).headers }));
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") reply.header(name, value);
  });
  sendCookies(reply, response.headers.getSetCookie());
  reply.header("cache-control", "no-store");
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
