import { once } from "node:events";
import { PassThrough } from "node:stream";

export type Write = (piece: string | Buffer) => Promise<void>;

/**
 * Runs `produce` into a stream with backpressure. `started` settles once the first piece is written (or the
 * producer fails before that), so a route can still answer with a proper error envelope when nothing was sent yet;
 * a failure after that point aborts the stream, which the browser reports as an interrupted download.
 */
export function streamFrom(
  produce: (write: Write) => Promise<void>,
  onLateError: (error: unknown) => void,
): { stream: PassThrough; started: Promise<void>; finished: Promise<void> } {
  const stream = new PassThrough();
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  let begun = false;
  const write: Write = async (piece) => {
    if (stream.destroyed) throw new Error("the reader went away");
    begun = true;
    markStarted();
    if (!stream.write(piece)) {
      // Waits for the reader; if it disconnects instead, `close` ends the wait and the next write throws.
      await Promise.race([once(stream, "drain"), once(stream, "close")]);
    }
  };
  const run = produce(write).then(
    () => {
      markStarted();
      stream.end();
    },
    (error: unknown) => {
      if (!begun) throw error;
      onLateError(error);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  // `finished` settles once the producer is done (or gave up after the reader left), whatever happened: the moment
  // what it held (a transaction, a file) is free.
  return { stream, started: Promise.race([started, run]), finished: run.then(() => undefined, () => undefined) };
}
