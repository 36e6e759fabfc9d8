/** Thrown when a gate's queue is full: the caller answers 429 instead of piling up more work. */
export class GateFullError extends Error {
  constructor() {
    super("too many waiting");
    this.name = "GateFullError";
  }
}

export interface ConcurrencyGate {
  /** Waits for a slot and returns its release; throws GateFullError at once when `maxWaiting` callers already wait. */
  acquire(): Promise<() => void>;
  /** Runs `work` in a slot, released when it settles. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * A process-wide cap on costly work (memory-hard key derivation, the offline model): at most `maxRunning` at once,
 * at most `maxWaiting` in line, first come first served. Bounds memory and CPU per process whatever the traffic.
 */
export function createConcurrencyGate(maxRunning: number, maxWaiting: number): ConcurrencyGate {
  let running = 0;
  const queue: Array<() => void> = [];
  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next) next(); // the slot passes straight to the next in line
      else running -= 1;
    };
  };
  const acquire = async () => {
    if (running < maxRunning) {
      running += 1;
      return releaser();
    }
    if (queue.length >= maxWaiting) throw new GateFullError();
    await new Promise<void>((resolve) => queue.push(resolve));
    return releaser();
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    acquire,
    async run(work) {
      const release = await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
