import { ageResponseSchema, ageStatementSchema } from "../age";
import { endpoints, type EndpointName } from "../endpoints";
import type { Endpoint } from "./shared";

/** The signed-in person's age: what is on record, and stating it once. */
export const ageRoutes = {
  getMyAge: { ...endpoints.getMyAge, summary: "What is on record of the signed-in person's age.", response: ageResponseSchema },
  stateMyAge: {
    ...endpoints.stateMyAge,
    summary: "States the signed-in person's date of birth once; 13–17 name a guardian, who is e-mailed a consent link.",
    body: ageStatementSchema,
    response: ageResponseSchema,
  },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
