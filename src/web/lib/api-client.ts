// Only plain data and types from the contract: keeps the validation library out of the browser bundle.
import { endpoints, type EndpointName } from "../../contract/endpoints";
import { TIME_ZONE_HEADER } from "../../contract/crisis";
import type { ErrorEnvelope } from "../../contract/errors";
import type { BodyOf, ResponseOf } from "../../contract/routes";

/** An API failure with the envelope's code and a message that can be shown as it is. */
/** The browser's time zone (TIME_ZONE_HEADER), sent with every request; none when the browser does not say. */
export function timeZoneHeader(): Record<string, string> {
  const zone = typeof Intl === "undefined" ? undefined : Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? { [TIME_ZONE_HEADER]: zone } : {};
}

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
const INTERRUPTED_MESSAGE = "The download stopped before the whole file arrived. Please try again.";

/** The `:name` parameters in an endpoint's path, e.g. "id" for "/api/memories/:id/versions". */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type ParamsOf<N extends EndpointName> = PathParamNames<(typeof endpoints)[N]["path"]>;

export type QueryValues = Record<string, string | number | boolean | undefined>;

/** Fills the path's `:name` parameters (required when the path has any) and appends a query string (undefined values are left out). */
export type CallOptions<N extends EndpointName> = { query?: QueryValues; idempotencyKey?: string } & ([ParamsOf<N>] extends [never] ? { params?: never } : { params: Record<ParamsOf<N>, string> });

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
  const [body, options] = args as [unknown, { params?: Record<string, string>; query?: QueryValues; idempotencyKey?: string } | undefined];
  const url = buildPath(endpoint.path, options);
  const key = options?.idempotencyKey;
  const response = key ? await sendIdempotent(endpoint.method, url, body, key) : await sendRequest(endpoint.method, url, body);
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFromPayload(payload, response.status);
  return payload as ResponseOf<N>;
}

/**
 * The one place a request leaves: same-origin cookies (the browser adds our Origin to state-changing requests),
 * JSON body when there is one. A network failure becomes the "offline" ApiError; an abort through `signal` stays the fetch's AbortError.
 */
async function sendRequest(method: string, url: string, body: unknown, signal?: AbortSignal, accept?: string, extraHeaders: Record<string, string> = {}): Promise<Response> {
  // Where the reader is, when their profile does not say: their country's crisis lines come first (issue 59).
  const headers: Record<string, string> = { ...timeZoneHeader(), ...extraHeaders };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (accept) headers.accept = accept;
  try {
    return await fetch(url, { method, credentials: "same-origin", headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError("offline", OFFLINE_MESSAGE, 0);
  }
}

const IDEMPOTENT_RETRY_DELAYS_MS = [300, 1200];

/**
 * A creating request with an Idempotency-Key: when the connection drops before the answer arrives, it is sent again
 * with the same key (twice at most), and the server answers with what the first attempt stored, never a second copy.
 */
async function sendIdempotent(method: string, url: string, body: unknown, key: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendRequest(method, url, body, undefined, undefined, { "idempotency-key": key });
    } catch (error) {
      const delay = IDEMPOTENT_RETRY_DELAYS_MS[attempt];
      if (!(error instanceof ApiError) || error.code !== "offline" || delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** A failed answer's error envelope as an ApiError (a body that is not JSON gives "unexpected"). */
async function failureOf(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => null);
  return errorFromPayload(payload, response.status);
}

/** The error envelope `{ error: { code, message, fields? } }` as an ApiError; anything else is "unexpected". */
function errorFromPayload(payload: unknown, status: number): ApiError {
  const error = (payload as Partial<ErrorEnvelope> | null)?.error;
  if (error && typeof error.code === "string" && typeof error.message === "string") return new ApiError(error.code, error.message, status, error.fields);
  return new ApiError("unexpected", OFFLINE_MESSAGE, status);
}

/** A file the server sent: its bytes, and the name from Content-Disposition (null when it gave none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

export interface DownloadOptions {
  /** Called with 25 once the request is sent, 50 when the answer's headers arrived OK, 75 when the whole body is read. */
  onProgress?: (step: number) => void;
  signal?: AbortSignal;
  /** The path's `:name` parameters, as for callApi. */
  params?: Record<string, string>;
}

/** The file name in a Content-Disposition header (`filename*=UTF-8''…` preferred over `filename="…"`). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  return plain?.[1] ?? plain?.[2] ?? null;
}

/**
 * Downloads a file from an endpoint with the same rules as callApi (same-origin cookies, errors as ApiError),
 * reading the body as a stream. Aborting (through `signal`) rejects with the fetch's AbortError.
 * Handing the file to the browser (the 100 step) is the caller's part.
 */
export async function downloadFromApi<N extends EndpointName>(name: N, body?: BodyOf<N>, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const endpoint = endpoints[name];
  const { onProgress, signal } = options;
  const request = sendRequest(endpoint.method, buildPath(endpoint.path, { params: options.params }), body, signal);
  onProgress?.(25);
  const response = await request;
  if (!response.ok) throw await failureOf(response);
  onProgress?.(50);
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  const parts: BlobPart[] = [];
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError("download_interrupted", INTERRUPTED_MESSAGE, 0);
    } finally {
      reader.releaseLock();
    }
  }
  onProgress?.(75);
  return { blob: new Blob(parts, { type }), fileName: fileNameFromDisposition(response.headers.get("content-disposition")) };
}

/**
 * Audio an endpoint answers (text to speech), as a Blob typed by the answer's Content-Type. Same rules as callApi:
 * cookies, the error envelope as ApiError, a network failure (also mid-body) as the "offline" ApiError, so callers
 * can tell "could not reach us" from "the server said no". Whether the bytes are playable is the caller's question.
 */
export async function fetchAudioFromApi<N extends EndpointName>(name: N, body: BodyOf<N>, options: { signal?: AbortSignal; params?: Record<string, string> } = {}): Promise<Blob> {
  const endpoint = endpoints[name];
  const { signal } = options;
  const response = await sendRequest(endpoint.method, buildPath(endpoint.path, { params: options.params }), body, signal, "audio/*");
  if (!response.ok) throw await failureOf(response);
  try {
    return await response.blob();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError("offline", OFFLINE_MESSAGE, 0);
  }
}

export interface UploadOptions {
  /** The spec's upload steps: 20 once the request is sent, 80 when the server answered with success. 100 is the caller's (after the list is refreshed). */
  onProgress?: (step: number) => void;
  /** The share of the file's bytes sent so far (0–1), for uploads large enough to take minutes. */
  onUploadProgress?: (share: number) => void;
  /** The path's `:name` parameters and a query string, as for callApi. */
  params?: Record<string, string>;
  query?: QueryValues;
}

/**
 * Sends a multipart form (FormData) to an endpoint with the same rules as callApi: same-origin cookies,
 * the error envelope parsed into ApiError (a same-origin XMLHttpRequest carries the cookies). Progress steps: see UploadOptions.
 */
export function uploadToApi<N extends EndpointName>(name: N, formData: FormData, options: UploadOptions = {}): Promise<ResponseOf<N>> {
  const endpoint = endpoints[name];
  const url = buildPath(endpoint.path, options);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.onerror = () => reject(new ApiError("offline", OFFLINE_MESSAGE, 0));
    xhr.onabort = () => reject(new ApiError("offline", OFFLINE_MESSAGE, 0));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorFromPayload(payload, xhr.status));
      options.onProgress?.(80);
      resolve(payload as ResponseOf<N>);
    };
    if (options.onUploadProgress) {
      const report = options.onUploadProgress;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) report(event.loaded / event.total);
      };
    }
    // The browser sets the multipart boundary itself.
    xhr.send(formData);
    options.onProgress?.(20);
  });
}

/** What to tell a person about a failed call: the server's message (written for people), or the fallback for anything else. */
export function messageOf(error: unknown, fallback = "Please try again."): string {
  return error instanceof ApiError ? error.message : fallback;
}
