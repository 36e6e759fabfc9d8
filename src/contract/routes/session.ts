import { z } from "zod";
import {
  confirmMagicLinkResponseSchema,
  confirmMagicLinkSchema,
  googleStartResponseSchema,
  googleStartSchema,
  requestMagicLinkResponseSchema,
  requestMagicLinkSchema,
  sessionResponseSchema,
} from "../session";
import { endpoints, type EndpointName } from "../endpoints";
import { ok, type Endpoint } from "./shared";

/** Signing in (magic link, Google) and out, and who is signed in. */
export const sessionRoutes = {
  getSession: { ...endpoints.getSession, summary: "Who is signed in, whether the access policy admits them, and the sign-in methods offered.", response: sessionResponseSchema },
  requestMagicLink: { ...endpoints.requestMagicLink, summary: "E-mails a sign-in link (the same answer for known and unknown addresses).", body: requestMagicLinkSchema, response: requestMagicLinkResponseSchema },
  confirmMagicLink: { ...endpoints.confirmMagicLink, summary: "Spends a sign-in token once and sets the session cookie.", body: confirmMagicLinkSchema, response: confirmMagicLinkResponseSchema },
  startGoogle: { ...endpoints.startGoogle, summary: "Starts Google sign-in: answers the authorisation URL to navigate to.", body: googleStartSchema, response: googleStartResponseSchema },
  googleCallback: {
    ...endpoints.googleCallback,
    summary: "Where the identity provider sends the browser back; relayed to Better Auth, answers a redirect.",
    query: z.looseObject({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }),
    response: z.string().describe("An HTML redirect"),
    produces: "text/html",
  },
  signOut: { ...endpoints.signOut, summary: "Ends the session on the server and clears the cookie.", response: ok },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
