import { GateFullError } from "./concurrency-gate";
import { AppError } from "./errors";
import { PersonBusyError } from "./person-gate";

/** What a refused slot answers: 429 with this message and Retry-After. */
export interface BusyAnswer {
  message: string;
  retryAfterSeconds: number;
}

const busy = (answer: BusyAnswer) => new AppError("rate_limited", answer.message, { retryAfterSeconds: answer.retryAfterSeconds });

/**
 * A slot from a gate (concurrency-gate.ts or person-gate.ts), or the one 429 every gate answers: `full` when the
 * process's line is full, `personBusy` (else `full`) when this person already holds all the slots they may.
 * Returns the slot's release, which the caller must call however its work ends.
 */
export async function takeSlot(acquire: () => Promise<() => void>, answers: { full: BusyAnswer; personBusy?: BusyAnswer }): Promise<() => void> {
  try {
    return await acquire();
  } catch (error) {
    if (error instanceof PersonBusyError) throw busy(answers.personBusy ?? answers.full);
    if (error instanceof GateFullError) throw busy(answers.full);
    throw error;
  }
}
