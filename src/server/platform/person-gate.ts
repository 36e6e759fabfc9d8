import type { ConcurrencyGate } from "./concurrency-gate";

/** Thrown when one person already holds all the slots they may: the caller answers 429 at once. */
export class PersonBusyError extends Error {
  constructor() {
    super("this person's slots are taken");
    this.name = "PersonBusyError";
  }
}

export interface PersonGate {
  /** A slot for `personId`: PersonBusyError past `perPerson`, GateFullError when the process's line is full. */
  acquire(personId: string): Promise<() => void>;
}

/**
 * A per-person cap in front of a process-wide gate (SECURITY.md 35): one person holds at most `perPerson` slots,
 * running or waiting, so they cannot fill the process's line and make everyone else wait behind them.
 */
export function createPersonGate(perPerson: number, processGate: ConcurrencyGate): PersonGate {
  const held = new Map<string, number>();
  const leave = (personId: string) => {
    const left = (held.get(personId) ?? 1) - 1;
    if (left <= 0) held.delete(personId);
    else held.set(personId, left);
  };
  return {
    async acquire(personId) {
      const holding = held.get(personId) ?? 0;
      if (holding >= perPerson) throw new PersonBusyError();
      held.set(personId, holding + 1);
      let release: () => void;
      try {
        release = await processGate.acquire();
      } catch (error) {
        leave(personId);
        throw error;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
        leave(personId);
      };
    },
  };
}
