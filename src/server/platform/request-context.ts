import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request (or job) the current code runs for, carried through every await by AsyncLocalStorage: its id goes into
 * the jobs a request queues (`jobs.request_id`), and from there into every log line the job writes, so one person's
 * action can be followed from the request into the background work it started.
 */
const store = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | null => store.getStore()?.requestId ?? null;

export const runWithRequestId = <T>(requestId: string, work: () => T): T => store.run({ requestId }, work);

/** An id a load balancer sent (`x-request-id`), when it is a plain token; anything else is replaced by our own. */
export const acceptedRequestId = (header: unknown): string | null => (typeof header === "string" && /^[A-Za-z0-9._:-]{8,128}$/.test(header) ? header : null);
