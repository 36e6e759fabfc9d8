import { deleteAccountSchema } from "../account";
import { endpoints, type EndpointName } from "../endpoints";
import { ok, type Endpoint } from "./shared";

/** The account as a whole: deleting it. */
export const accountRoutes = {
  deleteAccount: { ...endpoints.deleteAccount, summary: "Deletes the account and everything it owns; needs a sign-in within the last 10 minutes.", body: deleteAccountSchema, response: ok },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
