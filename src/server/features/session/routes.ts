import type { FastifyInstance } from "fastify";
import { api } from "../../../contract";
import { relayGoogleCallback } from "../../platform/auth-bridge";
import { callerOf, sendCookies } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { defineRoute } from "../../platform/http";
import { registerSignInFormRoutes } from "./form-routes";
import { confirmMagicLink, describeSession, requestMagicLink, signOut, startGoogleSignIn } from "./service";

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, api.getSession, ({ request }) => describeSession(ctx, callerOf(request)));
  defineRoute(app, ctx, api.requestMagicLink, ({ request, body }) => requestMagicLink(ctx, callerOf(request), body));
  defineRoute(app, ctx, api.confirmMagicLink, async ({ request, reply, body }) => {
    const { answer, setCookies } = await confirmMagicLink(ctx, callerOf(request), body);
    sendCookies(reply, setCookies);
    return answer.guardianPending ? { next: body.next ?? "/", guardianPending: true } : { next: body.next ?? "/" };
  });
  defineRoute(app, ctx, api.startGoogle, async ({ request, reply, body }) => {
    const { answer, setCookies } = await startGoogleSignIn(ctx, callerOf(request), body);
    sendCookies(reply, setCookies);
    return answer;
  });
  defineRoute(app, ctx, api.signOut, async ({ request, reply }) => {
    const { answer, setCookies } = await signOut(ctx, callerOf(request));
    sendCookies(reply, setCookies);
    return answer;
  });
  // The one Better Auth route reached directly: the provider sends the browser back here.
  defineRoute(app, ctx, api.googleCallback, ({ request, reply }) => relayGoogleCallback(ctx, request, reply));
  registerSignInFormRoutes(app, ctx);
}
