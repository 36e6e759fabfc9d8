import { and, asc, eq, isNull } from "drizzle-orm";
import { type AgeBand, type ConsciousnessExport, type NormSex } from "../../../contract";
import type { Transaction } from "../../db/client";
import { personalityAttempts, traitScores } from "../../db/schema";
import { normGroup, scoreBigFive } from "./scoring";
import { refreshFromLatest, scoreRows } from "./service";

type ExportedAttempt = ConsciousnessExport["personalityAttempts"]["data"][number];

/** Every questionnaire of the person, oldest first, with the scores of the completed ones (for the export). */
export async function exportAttempts(tx: Transaction, userId: string): Promise<ExportedAttempt[]> {
  const attempts = await tx.select().from(personalityAttempts).where(eq(personalityAttempts.userId, userId)).orderBy(asc(personalityAttempts.startedAt), asc(personalityAttempts.id));
  const scores = await tx.select().from(traitScores).where(eq(traitScores.userId, userId)).orderBy(asc(traitScores.trait));
  return attempts.map((a) => ({
    startedAt: a.startedAt.toISOString(),
    completedAt: a.completedAt?.toISOString() ?? null,
    answers: a.answers.map((v) => v ?? null),
    normSex: a.normSex as NormSex | null,
    normAgeBand: a.normAgeBand as AgeBand | null,
    scores: scores.filter((s) => s.attemptId === a.id).map((s) => ({ trait: s.trait, raw: s.raw, percentile: s.percentile, level: s.level })),
  }));
}

/**
 * Restores the file's questionnaires into the importing account: answers, dates and norm choice as they were (a
 * completion date in the future is taken as now); a completed one scored again with this version's norms (a file
 * cannot bring scores its answers do not give); then the latest one's traits put on the consciousness map. The file's
 * questionnaire in progress is skipped when the account already has one (one at a time). Answers how many were
 * restored.
 */
export async function restoreAttempts(tx: Transaction, userId: string, attempts: ExportedAttempt[], now: Date): Promise<number> {
  let restored = 0;
  const [open] = await tx.select({ id: personalityAttempts.id }).from(personalityAttempts).where(and(eq(personalityAttempts.userId, userId), isNull(personalityAttempts.completedAt)));
  let hasOpen = Boolean(open);
  for (const a of attempts) {
    const complete = a.completedAt !== null && a.answers.every((v) => v !== null);
    if (!complete && hasOpen) continue;
    const completedAt = complete ? new Date(Math.min(Date.parse(a.completedAt!), now.getTime())) : null;
    const [row] = await tx
      .insert(personalityAttempts)
      .values({
        userId,
        // Unanswered statements are NULL elements, which the column allows (the query builder's type does not say so).
        answers: a.answers as number[],
        startedAt: new Date(Math.min(Date.parse(a.startedAt), now.getTime())),
        updatedAt: completedAt ?? now,
        completedAt,
        normSex: a.normSex,
        normAgeBand: a.normAgeBand,
      })
      .returning();
    restored++;
    if (!completedAt) {
      hasOpen = true;
      continue;
    }
    const scores = scoreBigFive(a.answers, normGroup({ sex: a.normSex, ageBand: a.normAgeBand }));
    await tx.insert(traitScores).values(scoreRows(userId, row!.id, scores, completedAt));
  }
  if (restored > 0) await refreshFromLatest(tx, userId);
  return restored;
}
