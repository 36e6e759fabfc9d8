// Only plain data and types from the contract: keeps the validation library out of the browser bundle.
import { endpoints, type EndpointName } from "../../contract/endpoints";
import type { ErrorEnvelope } from "../../contract/errors";
import type { BodyOf, ResponseOf } from "../../contract/routes";

/** An API failure with the envelope's code and a message that can be shown as it is. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const OFFLINE_MESSAGE = "We could not reach Mindprint. Check your connection and try again.";

/** The one API client: typed by the contract, same-origin cookies, errors parsed once into ApiError. */
export async function callApi<N extends EndpointName>(name: N, ...args: BodyOf<N> extends undefined ? [] : [BodyOf<N>]): Promise<ResponseOf<N>> {
  const endpoint = endpoints[name];
  const body = args[0];
  let response: Response;
  try {
    response = await fetch(endpoint.path, {
      method: endpoint.method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("offline", OFFLINE_MESSAGE, 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as Partial<ErrorEnvelope> | null)?.error;
    if (error && typeof error.code === "string" && typeof error.message === "string") {
      throw new ApiError(error.code, error.message, response.status, error.fields);
    }
    throw new ApiError("unexpected", OFFLINE_MESSAGE, response.status);
  }
  return payload as ResponseOf<N>;
}
