/**
 * The time the legacy rules run on (release deadlines, veto windows, seals): the real time, which only the development
 * endpoint POST /api/dev/clock moves forward, so a browser test can let days pass. Production never moves it.
 */
export interface Clock {
  now(): Date;
  /** Development only: moves this process's time forward by `ms`. */
  advance(ms: number): void;
}

export function createClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
  };
}
