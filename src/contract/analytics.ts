import { z } from "zod";
import { howItWorksSteps, landingModules } from "./landing";

export const analyticsEventNames = [
  "Waitlist Navigation",
  "Platform Module Clicked",
  "How It Works Step Clicked",
  "Demo Video Play Clicked",
] as const;
export type AnalyticsEventName = (typeof analyticsEventNames)[number];

export const analyticsMessages = {
  unknownEvent: "Unknown analytics event.",
  sourceInvalid: "The event source must be a short name such as LandingPage.",
  rateLimited: "Too many events from your network. Please slow down.",
} as const;

// Where on the site the event happened: an identifier, never free text, so no personal data can ride along.
const sourceSchema = z.string({ error: analyticsMessages.sourceInvalid }).regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, analyticsMessages.sourceInvalid);
const noProperties = z.strictObject({}).optional().transform(() => ({}));

/**
 * POST /api/events. The browser sends these only after the visitor accepted cookies (the front end's consent
 * check); the server adds the user agent and the time itself and stores no user id, IP address or free text.
 */
export const trackEventSchema = z.discriminatedUnion(
  "name",
  [
    z.strictObject({ name: z.literal("Waitlist Navigation"), source: sourceSchema, properties: noProperties }),
    z.strictObject({
      name: z.literal("Platform Module Clicked"),
      source: sourceSchema,
      properties: z.strictObject({ module: z.enum(landingModules) }),
    }),
    z.strictObject({
      name: z.literal("How It Works Step Clicked"),
      source: sourceSchema,
      properties: z.strictObject({ step: z.enum(howItWorksSteps) }),
    }),
    z.strictObject({ name: z.literal("Demo Video Play Clicked"), source: sourceSchema, properties: noProperties }),
  ],
  { error: analyticsMessages.unknownEvent },
);
export type TrackEvent = z.input<typeof trackEventSchema>;
