import type { z } from "zod";
import type { EndpointName } from "./endpoints";
import type { Endpoint } from "./routes/shared";
import { accountRoutes } from "./routes/account";
import { ageRoutes } from "./routes/age";
import { biometricRoutes } from "./routes/biometrics";
import { captureRoutes } from "./routes/capture";
import { dataExportRoutes } from "./routes/data-export";
import { decisionScenarioRoutes } from "./routes/decision-scenarios";
import { landingRoutes } from "./routes/landing";
import { legacyRoutes } from "./routes/legacy";
import { legacyVisitorRoutes } from "./routes/legacy-visitors";
import { memoryRoutes } from "./routes/memories";
import { onboardingRoutes } from "./routes/onboarding";
import { overviewRoutes } from "./routes/overview";
import { personalityRoutes } from "./routes/personality";
import { platformRoutes } from "./routes/platform";
import { sessionRoutes } from "./routes/session";
import { twinRoutes } from "./routes/twin";
import { voiceRoutes } from "./routes/voice";

/** The API, one entry per endpoint. Server routes, the web client and /api/openapi.json are all made from this table. */
export const api = {
  ...platformRoutes,
  ...sessionRoutes,
  ...onboardingRoutes,
  ...landingRoutes,
  ...memoryRoutes,
  ...legacyRoutes,
  ...ageRoutes,
  ...legacyVisitorRoutes,
  ...personalityRoutes,
  ...captureRoutes,
  ...biometricRoutes,
  ...decisionScenarioRoutes,
  ...accountRoutes,
  ...overviewRoutes,
  ...dataExportRoutes,
  ...twinRoutes,
  ...voiceRoutes,
} as const satisfies Record<EndpointName, Endpoint>;

/** Every feature's table: the checks below compile only when each name of `endpoints` is in exactly one of them. */
type FeatureTables = [
  typeof platformRoutes,
  typeof sessionRoutes,
  typeof onboardingRoutes,
  typeof landingRoutes,
  typeof memoryRoutes,
  typeof legacyRoutes,
  typeof ageRoutes,
  typeof legacyVisitorRoutes,
  typeof personalityRoutes,
  typeof captureRoutes,
  typeof biometricRoutes,
  typeof decisionScenarioRoutes,
  typeof accountRoutes,
  typeof overviewRoutes,
  typeof dataExportRoutes,
  typeof twinRoutes,
  typeof voiceRoutes,
];
/** The names found in more than one table (a later one would silently replace the earlier entry). */
type NamedTwice<T extends unknown[], Seen = never> = T extends [infer First, ...infer Rest extends unknown[]] ? (keyof First & Seen) | NamedTwice<Rest, Seen | keyof First> : never;
type NamesOf<T> = T extends unknown ? keyof T : never;
/** A compile error naming the offending names unless there are none. */
type NoneOf<T extends never> = T;
type _NoNameTwice = NoneOf<NamedTwice<FeatureTables>>;
type _NoEntryOutsideTheTables = NoneOf<Exclude<keyof Api, NamesOf<FeatureTables[number]>>>;
type _NoEntryOutsideEndpoints = NoneOf<Exclude<keyof Api, EndpointName>>;

export type { Endpoint };
export type Api = typeof api;
export type { EndpointName } from "./endpoints";
export type ResponseOf<N extends EndpointName> = z.infer<Api[N]["response"]>;
export type BodyOf<N extends EndpointName> = Api[N] extends { body: z.ZodType } ? z.input<Api[N]["body"]> : undefined;
