/**
 * A fetch that gives up when the server has not started answering within timeoutMs.
 * The timer stops once headers arrive, so a long streamed answer is never cut off; the caller's own signal
 * still cancels the whole request at any point.
 */
export function fetchWithResponseTimeout(timeoutMs: number, baseFetch: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const timer = new AbortController();
    const handle = setTimeout(
      () => timer.abort(new DOMException(`The model server did not answer within ${timeoutMs} ms.`, "TimeoutError")),
      timeoutMs,
    );
    const signal = init?.signal ? AbortSignal.any([init.signal, timer.signal]) : timer.signal;
    try {
      return await baseFetch(input, { ...init, signal });
    } finally {
      clearTimeout(handle);
    }
  };
}
