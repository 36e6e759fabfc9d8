import { voiceCloneMessages } from "../../../contract";
import { createConcurrencyGate } from "../../platform/concurrency-gate";
import { takeSlot } from "../../platform/gate-slot";
import { createPersonGate } from "../../platform/person-gate";

// Speech is synthesized one request at a time (the offline engine's thread speaks 5,000 characters in about 2.5 s):
// each person holds at most one request, running or waiting, so the line is served person by person, first come
// first served, and twelve long requests from one person never stand before everyone else's (issue 57, SECURITY.md
// 53). Two run at once (an ElevenLabs request waits on the network, not on our cores), sixteen wait.
const speech = createPersonGate(1, createConcurrencyGate(2, 16));

/** A slot to speak for `personId` (an owner, or a contact hearing a released twin), released by calling the answer. */
export function admitSpeech(personId: string): Promise<() => void> {
  return takeSlot(() => speech.acquire(personId), {
    personBusy: { message: voiceCloneMessages.speechBusyPerson, retryAfterSeconds: 3 },
    full: { message: voiceCloneMessages.speechBusy, retryAfterSeconds: 5 },
  });
}
