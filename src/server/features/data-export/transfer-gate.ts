import { exportMessages } from "../../../contract";
import { createConcurrencyGate } from "../../platform/concurrency-gate";
import { takeSlot } from "../../platform/gate-slot";
import { createPersonGate } from "../../platform/person-gate";

// Every export and import holds a database connection (of 10) for its whole read or write, and a stream or a large
// file: two per person (the JSON file and the recordings can download side by side), four in this process with eight
// in line. Thirty exports of a 3,000-memory vault at once made everyone else's requests take 3 s (issue 31).
const transfers = createPersonGate(2, createConcurrencyGate(4, 8));

/**
 * A slot for one export or import by this person, released by calling the answer; 429 with Retry-After when the
 * person already has two running, or when this process's line is full.
 */
export async function admitTransfer(userId: string): Promise<() => void> {
  return takeSlot(() => transfers.acquire(userId), {
    personBusy: { message: exportMessages.transferBusyPerson, retryAfterSeconds: 10 },
    full: { message: exportMessages.transferBusy, retryAfterSeconds: 10 },
  });
}
