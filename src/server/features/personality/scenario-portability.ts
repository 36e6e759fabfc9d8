import { asc, eq } from "drizzle-orm";
import type { ConsciousnessExport } from "../../../contract";
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
 * answered at that stage, and a retest without a first answer. The twin's predictions travel with their answers: they
 * were made before the answers, and predicting again now would see them. Answers how many were added.
 */
export async function restoreScenarioAnswers(tx: Transaction, userId: string, answers: ExportedAnswer[], now: Date): Promise<number> {
  const held = await tx.select({ scenarioId: scenarioAnswers.scenarioId, kind: scenarioAnswers.kind }).from(scenarioAnswers).where(eq(scenarioAnswers.userId, userId));
  const has = new Set(held.map((h) => `${h.kind}:${h.scenarioId}`));
  let restored = 0;
  // First answers before retests, so a retest finds the first answer it repeats.
  for (const a of [...answers].sort((x, y) => (x.kind === y.kind ? 0 : x.kind === "first" ? -1 : 1))) {
    const scenario = scenarioById.get(a.scenarioId);
    const options = scenario?.options.length ?? 0;
    const key = `${a.kind}:${a.scenarioId}`;
    if (!scenario || a.choice > options || has.has(key) || (a.kind === "retest" && !has.has(`first:${a.scenarioId}`))) continue;
    const first = a.kind === "first";
    await tx.insert(scenarioAnswers).values({
      userId,
      scenarioId: a.scenarioId,
      kind: a.kind,
      choice: a.choice,
      words: a.words,
      predicted: first && a.predicted !== null && a.predicted <= options ? a.predicted : null,
      basis: first && a.predicted !== null && a.predicted <= options ? [...new Set(a.basis)] : [],
      answeredAt: new Date(Math.min(Date.parse(a.answeredAt), now.getTime())),
    });
    has.add(key);
    restored++;
  }
  return restored;
}
