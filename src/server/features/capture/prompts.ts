import { and, eq, isNotNull } from "drizzle-orm";
import { mappingDomainLabels, mappingDomainValues, type CapturePromptView } from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { memories } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { mappingProgress, readPersonFigures } from "../overview";
import { CAPTURE_PROMPTS, OPENING_PROMPT, type CapturePrompt } from "./prompt-bank";

export const capturePromptById: ReadonlyMap<string, CapturePrompt> = new Map(CAPTURE_PROMPTS.map((p) => [p.id, p]));

export const presentPrompt = (p: CapturePrompt): CapturePromptView => ({ id: p.id, domain: p.domain, domainLabel: mappingDomainLabels[p.domain], category: p.category, text: p.text });

/** The prompts the person has saved an answer to. */
export async function answeredPromptIds(tx: Transaction, userId: string): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ id: memories.capturePromptId })
    .from(memories)
    .where(and(eq(memories.userId, userId), isNotNull(memories.capturePromptId)));
  return new Set(rows.map((r) => r.id!));
}

/**
 * The questions not yet answered, in the order a session offers them: the opening question (the spec's, about a
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
      const open = (p: CapturePrompt) => !answered.has(p.id);
      const queue = [
        ...(open(OPENING_PROMPT) ? [OPENING_PROMPT] : []),
        ...domains.flatMap((d) => CAPTURE_PROMPTS.filter((p) => p.domain === d && p !== OPENING_PROMPT && open(p))),
      ];
      return { queue: queue.map(presentPrompt), answered: CAPTURE_PROMPTS.filter((p) => answered.has(p.id)).length, total: CAPTURE_PROMPTS.length, transcription };
    },
    { accessMode: "read only" },
  );
}
