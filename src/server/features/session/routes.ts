import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import { relayToAuth } from "../../platform/auth-bridge";
import type { AppContext } from "../../platform/context";
import { defineRoute } from "../../platform/http";
import { registerSignInFormRoutes } from "./form-routes";
import { confirmMagicLink, describeSession, requestMagicLink, signOut, startGoogleSignIn } from "./service";

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getSession, ({ request }) => describeSession(ctx, request));
  defineRoute(app, ctx, api.requestMagicLink, ({ request, body }) => requestMagicLink(ctx, request, body));
  defineRoute(app, ctx, api.confirmMagicLink, async ({ request, reply, body }) => {
    await confirmMagicLink(ctx, request, reply, body.token);
    return { next: body.next ?? "/" };
  });
  defineRoute(app, ctx, api.startGoogle, ({ request, reply, body }) => startGoogleSignIn(ctx, request, reply, body.next));
  defineRoute(app, ctx, api.signOut, ({ request, reply }) => signOut(ctx, request, reply));
  // The one Better Auth route reached directly: the provider sends the browser back here.
  app.get("/api/auth/callback/:providerId", (request, reply) => relayToAuth(ctx, request, reply));
  registerSignInFormRoutes(app, ctx);
}
