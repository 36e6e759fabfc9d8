import { and, desc, eq, isNotNull } from "drizzle-orm";
import { mappingDomainLabels, mappingDomainValues, type CapturePromptView } from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { memories, voiceSessions, voiceTranscripts } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { mappingProgress, readPersonFigures } from "../overview";
import { CAPTURE_PROMPTS, OPENING_PROMPT, type CapturePrompt } from "./prompt-bank";

export const capturePromptById: ReadonlyMap<string, CapturePrompt> = new Map(CAPTURE_PROMPTS.map((p) => [p.id, p]));

type Recording = CapturePromptView["recording"];
export const presentPrompt = (p: CapturePrompt, recording: Recording = null): CapturePromptView => ({
  id: p.id,
  domain: p.domain,
  domainLabel: mappingDomainLabels[p.domain],
  category: p.category,
  text: p.text,
  recording,
});

/** The prompts the person has saved an answer to. */
export async function answeredPromptIds(tx: Transaction, userId: string): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ id: memories.capturePromptId })
    .from(memories)
    .where(and(eq(memories.userId, userId), isNotNull(memories.capturePromptId)));
  return new Set(rows.map((r) => r.id!));
}

/**
 * The newest recording of each question, with its transcript: the link was stored with the recording (its question
 * id), and the transcript is written by the job worker, so both are here whether or not a page waited for them.
 */
async function newestRecordings(tx: Transaction, userId: string): Promise<Map<string, NonNullable<Recording>>> {
  const rows = await tx
    .select({ session: voiceSessions, transcript: voiceTranscripts })
    .from(voiceSessions)
    .leftJoin(voiceTranscripts, eq(voiceTranscripts.voiceSessionId, voiceSessions.id))
    .where(and(eq(voiceSessions.userId, userId), eq(voiceSessions.purpose, "training"), isNotNull(voiceSessions.capturePromptId)))
    .orderBy(desc(voiceSessions.createdAt));
  const newest = new Map<string, NonNullable<Recording>>();
  for (const { session, transcript } of rows) {
    if (newest.has(session.capturePromptId!)) continue;
    newest.set(session.capturePromptId!, {
      id: session.id,
      durationSeconds: session.durationSeconds,
      createdAt: session.createdAt.toISOString(),
      // As the transcript endpoint shows it (voice/transcripts.ts): capture cannot import voice, which imports capture.
      transcript: transcript ? { status: transcript.status, engine: transcript.engine, text: transcript.text, doubtful: transcript.doubtfulWords, error: transcript.error } : null,
    });
  }
  return newest;
}

/**
 * The questions not yet answered, in the order a session offers them: those with a recording awaiting its answer
 * (newest first), then the opening question (the spec's, about a
 * critical business decision) while it is unanswered, then the domains from the least mapped to the most (by the
 * overview's Consciousness Mapping Progress, uncapped), each domain's questions in the bank's order.
 */
export function promptQueue(db: Database, userId: string, transcription: string | null): Promise<{ queue: CapturePromptView[]; answered: number; total: number; transcription: string | null }> {
  return withUserScope(
    db,
    userId,
    async (tx) => {
      const answered = await answeredPromptIds(tx, userId);
      const progress = mappingProgress(await readPersonFigures(tx, userId));
      const traits = (domain: string) => progress.find((p) => p.domain === domain)?.traits ?? 0;
      const domains = [...mappingDomainValues].sort((a, b) => traits(a) - traits(b) || mappingDomainValues.indexOf(a) - mappingDomainValues.indexOf(b));
      const recordings = await newestRecordings(tx, userId);
      // A question with a recording waiting for its answer comes back first: the person was answering it.
      const waiting = [...recordings.keys()].flatMap((id) => {
        const prompt = capturePromptById.get(id);
        return prompt && !answered.has(id) ? [prompt] : [];
      });
      const open = (p: CapturePrompt) => !answered.has(p.id) && !recordings.has(p.id);
      const queue = [
        ...waiting,
        ...(open(OPENING_PROMPT) ? [OPENING_PROMPT] : []),
        ...domains.flatMap((d) => CAPTURE_PROMPTS.filter((p) => p.domain === d && p !== OPENING_PROMPT && open(p))),
      ];
      return { queue: queue.map((p) => presentPrompt(p, recordings.get(p.id) ?? null)), answered: CAPTURE_PROMPTS.filter((p) => answered.has(p.id)).length, total: CAPTURE_PROMPTS.length, transcription };
    },
    { accessMode: "read only" },
  );
}
