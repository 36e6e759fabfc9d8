import { z } from "zod";
import { trackEventSchema } from "./analytics";
import { healthResponseSchema } from "./health";
import { calibrationResponseSchema, reflectionResponseSchema, saveIdentitySchema, saveIntentsSchema, submitCalibrationSchema } from "./onboarding";
import { profileResponseSchema } from "./profile";
import {
  confirmMagicLinkResponseSchema,
  confirmMagicLinkSchema,
  googleStartResponseSchema,
  googleStartSchema,
  requestMagicLinkResponseSchema,
  requestMagicLinkSchema,
  sessionResponseSchema,
} from "./session";
import { joinWaitlistResponseSchema, joinWaitlistSchema, unsubscribeWaitlistSchema } from "./waitlist";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: Method;
  path: string;
  body?: z.ZodType;
  response: z.ZodType;
  /** Signed-in users only. */
  auth: boolean;
}

const ok = z.object({ ok: z.literal(true) });

/** The API, one entry per endpoint. Server routes and the web client are both typed from this table. */
export const api = {
  health: { method: "GET", path: "/api/health", response: healthResponseSchema, auth: false },
  getSession: { method: "GET", path: "/api/session", response: sessionResponseSchema, auth: false },
  requestMagicLink: {
    method: "POST",
    path: "/api/session/magic-link",
    body: requestMagicLinkSchema,
    response: requestMagicLinkResponseSchema,
    auth: false,
  },
  confirmMagicLink: {
    method: "POST",
    path: "/api/session/magic-link/confirm",
    body: confirmMagicLinkSchema,
    response: confirmMagicLinkResponseSchema,
    auth: false,
  },
  startGoogle: {
    method: "POST",
    path: "/api/session/google",
    body: googleStartSchema,
    response: googleStartResponseSchema,
    auth: false,
  },
  signOut: { method: "POST", path: "/api/session/sign-out", response: ok, auth: false },
  getProfile: { method: "GET", path: "/api/profile", response: profileResponseSchema, auth: true },
  saveIntents: { method: "PUT", path: "/api/profile/intents", body: saveIntentsSchema, response: profileResponseSchema, auth: true },
  saveIdentity: { method: "PUT", path: "/api/profile/identity", body: saveIdentitySchema, response: profileResponseSchema, auth: true },
  submitCalibration: {
    method: "POST",
    path: "/api/onboarding/calibration",
    body: submitCalibrationSchema,
    response: calibrationResponseSchema,
    auth: true,
  },
  generateReflection: { method: "POST", path: "/api/onboarding/reflection", response: reflectionResponseSchema, auth: true },
  completeOnboarding: { method: "POST", path: "/api/profile/onboarding-complete", response: profileResponseSchema, auth: true },
  /** 201 for a new (or re-activated) entry, 200 with alreadyJoined for an address already waiting; rate limited per IP. */
  joinWaitlist: { method: "POST", path: "/api/waitlist", body: joinWaitlistSchema, response: joinWaitlistResponseSchema, auth: false },
  unsubscribeWaitlist: { method: "POST", path: "/api/waitlist/unsubscribe", body: unsubscribeWaitlistSchema, response: ok, auth: false },
  /** 202. Sent by the browser only after cookie consent; stores no user id or IP address. */
  trackEvent: { method: "POST", path: "/api/events", body: trackEventSchema, response: ok, auth: false },
} as const satisfies Record<string, Endpoint>;

export type Api = typeof api;
export type EndpointName = keyof Api;
export type ResponseOf<N extends EndpointName> = z.infer<Api[N]["response"]>;
export type BodyOf<N extends EndpointName> = Api[N] extends { body: z.ZodType } ? z.input<Api[N]["body"]> : undefined;
