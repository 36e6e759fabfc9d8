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

/** The `:name` parameters in an endpoint's path, e.g. "id" for "/api/memories/:id/versions". */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type ParamsOf<N extends EndpointName> = PathParamNames<(typeof endpoints)[N]["path"]>;

export type QueryValues = Record<string, string | number | boolean | undefined>;

/** Fills the path's `:name` parameters (required when the path has any) and appends a query string (undefined values are left out). */
export type CallOptions<N extends EndpointName> = { query?: QueryValues } & ([ParamsOf<N>] extends [never] ? { params?: never } : { params: Record<ParamsOf<N>, string> });

type CallArgs<N extends EndpointName> = [ParamsOf<N>] extends [never]
  ? BodyOf<N> extends undefined
    ? [body?: undefined, options?: CallOptions<N>]
    : [body: BodyOf<N>, options?: CallOptions<N>]
  : [body: BodyOf<N>, options: CallOptions<N>];

/** The endpoint's path with its parameters filled in (URL-encoded) and the query string appended. */
export function buildPath(path: string, options?: { params?: Record<string, string>; query?: QueryValues }): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = options?.params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options?.query ?? {})) if (value !== undefined) search.set(key, String(value));
  const query = search.toString();
  return query ? `${filled}?${query}` : filled;
}

/**
 * The one API client: typed by the contract, same-origin cookies, errors parsed once into ApiError.
 * `callApi(name)`, `callApi(name, body)`, or with path parameters / a query string as the second argument:
 * `callApi("updateMemory", patch, { params: { id } })`, `callApi("listMemories", undefined, { query: { q } })`.
 */
export async function callApi<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<ResponseOf<N>> {
  const endpoint = endpoints[name];
  const [body, options] = args as [unknown, { params?: Record<string, string>; query?: QueryValues } | undefined];
  const url = buildPath(endpoint.path, options);
  let response: Response;
  try {
    response = await fetch(url, {
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
