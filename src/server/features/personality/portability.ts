import { asc, eq } from "drizzle-orm";
import { type AgeBand, type ConsciousnessExport, type NormSex } from "../../../contract";
import type { Transaction } from "../../db/client";
import { personalityAttempts, traitScores } from "../../db/schema";
import { normGroup, scoreBigFive } from "./scoring";
import { refreshMappedTraits, scoreRows } from "./service";

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
 * Restores the file's questionnaires into the importing account: answers, dates and norm choice as they were; a
 * completed one scored again with this version's norms (a file cannot bring scores its answers do not give), and the
 * latest one's traits put on the consciousness map. Only into an account that has taken no questionnaire yet (its own
 * would otherwise mix with the file's). Answers the number of questionnaires restored.
 */
export async function restoreAttempts(tx: Transaction, userId: string, attempts: ExportedAttempt[]): Promise<number> {
  let restored = 0;
  let latest: { at: Date; facets: ReturnType<typeof scoreBigFive>["facets"] } | null = null;
  const [own] = await tx.select({ id: personalityAttempts.id }).from(personalityAttempts).where(eq(personalityAttempts.userId, userId)).limit(1);
  if (own) return 0;
  let hasOpen = false;
  for (const a of attempts) {
    const complete = a.completedAt !== null && a.answers.every((v) => v !== null);
    // One questionnaire in progress at a time: a file with more (edited by hand) keeps the first.
    if (!complete && hasOpen) continue;
    const [row] = await tx
      .insert(personalityAttempts)
      .values({
        userId,
        // Unanswered statements are NULL elements, which the column allows (the query builder's type does not say so).
        answers: a.answers as number[],
        startedAt: new Date(a.startedAt),
        updatedAt: new Date(a.completedAt ?? a.startedAt),
        completedAt: complete ? new Date(a.completedAt!) : null,
        normSex: a.normSex,
        normAgeBand: a.normAgeBand,
      })
      .returning();
    restored++;
    if (!complete) {
      hasOpen = true;
      continue;
    }
    const scores = scoreBigFive(a.answers, normGroup({ sex: a.normSex, ageBand: a.normAgeBand }));
    const at = new Date(a.completedAt!);
    await tx.insert(traitScores).values(scoreRows(userId, row!.id, scores, at));
    if (!latest || at > latest.at) latest = { at, facets: scores.facets };
  }
  if (latest) await refreshMappedTraits(tx, userId, latest.facets, latest.at);
  return restored;
}
