import { asc, eq } from "drizzle-orm";
import { SCENARIO_RULES, type ConsciousnessExport } from "../../../contract";
import type { Transaction } from "../../db/client";
import { scenarioAnswers } from "../../db/schema";
import { scenarioById } from "./scenario-order";

type ExportedAnswer = ConsciousnessExport["scenarioAnswers"]["data"][number];

/** Every scenario answer of the person, oldest first (for the export). */
export async function exportScenarioAnswers(tx: Transaction, userId: string): Promise<ExportedAnswer[]> {
  const rows = await tx.select().from(scenarioAnswers).where(eq(scenarioAnswers.userId, userId)).orderBy(asc(scenarioAnswers.answeredAt), asc(scenarioAnswers.id));
  return rows.map((r) => ({ scenarioId: r.scenarioId, kind: r.kind, choice: r.choice, words: r.words, predicted: r.predicted, basis: r.basis, answeredAt: r.answeredAt.toISOString() }));
}

/**
 * Adds the file's scenario answers to the importing account, as they were (a date in the future is taken as now).
 * Skipped: a scenario this version does not know or an option it does not have, a scenario the account has already
 * answered at that stage, a retest whose first answer does not come from the same file or came less than 14 days
 * before it, and retests beyond the few a person is asked. The twin's predictions travel with their answers: they
 * were made before the answers, and predicting again now would see them. Answers how many were added.
 */
export async function restoreScenarioAnswers(tx: Transaction, userId: string, answers: ExportedAnswer[], now: Date): Promise<number> {
  const held = await tx.select({ scenarioId: scenarioAnswers.scenarioId, kind: scenarioAnswers.kind }).from(scenarioAnswers).where(eq(scenarioAnswers.userId, userId));
  const has = new Set(held.map((h) => `${h.kind}:${h.scenarioId}`));
  let retestsLeft = SCENARIO_RULES.retestMax - held.filter((h) => h.kind === "retest").length;
  const restoredFirst = new Map<string, number>();
  const at = (iso: string) => Math.min(Date.parse(iso), now.getTime());
  let restored = 0;
  // First answers before retests (oldest retests first), so a retest finds the first answer it repeats.
  const ordered = [...answers].sort((x, y) => (x.kind === y.kind ? Date.parse(x.answeredAt) - Date.parse(y.answeredAt) : x.kind === "first" ? -1 : 1));
  for (const a of ordered) {
    const scenario = scenarioById.get(a.scenarioId);
    const options = scenario?.options.length ?? 0;
    const key = `${a.kind}:${a.scenarioId}`;
    if (!scenario || a.choice > options || has.has(key)) continue;
    const first = a.kind === "first";
    if (!first) {
      const firstAt = restoredFirst.get(a.scenarioId);
      if (firstAt === undefined || at(a.answeredAt) < firstAt + SCENARIO_RULES.retestAfterDays * 86_400_000 || retestsLeft <= 0) continue;
      retestsLeft--;
    }
    const predicted = first && a.predicted !== null && a.predicted <= options ? a.predicted : null;
    await tx.insert(scenarioAnswers).values({
      userId,
      scenarioId: a.scenarioId,
      kind: a.kind,
      choice: a.choice,
      words: a.words,
      predicted,
      basis: predicted ? [...new Set(a.basis)] : [],
      answeredAt: new Date(at(a.answeredAt)),
    });
    if (first) restoredFirst.set(a.scenarioId, at(a.answeredAt));
    has.add(key);
    restored++;
  }
  return restored;
}
