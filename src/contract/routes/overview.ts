import { overviewResponseSchema } from "../overview";
import { endpoints, type EndpointName } from "../endpoints";
import type { Endpoint } from "./shared";

/** The dashboard's figures. */
export const overviewRoutes = {
  getOverview: { ...endpoints.getOverview, summary: "The dashboard's figures (completeness, mapping progress, voice hours).", response: overviewResponseSchema },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
