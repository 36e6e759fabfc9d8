import { eq, sql } from "drizzle-orm";
import {
  mappingDomainLabels,
  SCENARIO_RULES,
  scenarioBasisLabels,
  scenarioMessages,
  type ScenarioFigures,
  type ScenarioKind,
  type ScenarioOutcome,
  type ScenarioState,
} from "../../../contract";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import { scenarioAnswers } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { withGeneration } from "../../platform/generation-limit";
import { SCENARIO_ORDER, scenarioById } from "./scenario-order";
import { meaningEvidence } from "./scenario-evidence";
import { predictChoice, type PredictionMaterial } from "./scenario-prediction";
import type { DecisionScenario } from "./scenario-types";
import { measuredProfile } from "./service";

type AnswerRow = typeof scenarioAnswers.$inferSelect;

const DAY_MS = 86_400_000;
const RECENT = 10;

const readAnswers = (tx: Transaction, userId: string) => tx.select().from(scenarioAnswers).where(eq(scenarioAnswers.userId, userId));

const dueAt = (first: AnswerRow) => new Date(first.answeredAt.getTime() + SCENARIO_RULES.retestAfterDays * DAY_MS);

/**
 * The first answers that will be asked again, oldest first: as many as the retests still to ask (a few in all), due
 * 14 days after each was given. Only these can be retested, and only these are hidden once due.
 */
function waitingRetests(rows: AnswerRow[]): AnswerRow[] {
  const retested = new Set(rows.filter((r) => r.kind === "retest").map((r) => r.scenarioId));
  return rows
    .filter((r) => r.kind === "first" && !retested.has(r.scenarioId) && scenarioById.has(r.scenarioId))
    .sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime() || a.scenarioId.localeCompare(b.scenarioId))
    .slice(0, Math.max(0, SCENARIO_RULES.retestMax - retested.size));
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Agreement, consistency and fidelity from the person's answers (docs/formulas.md, "Decision scenarios and twin fidelity"). */
export function scenarioFigures(rows: AnswerRow[], now: Date): ScenarioFigures {
  const firsts = new Map(rows.filter((r) => r.kind === "first").map((r) => [r.scenarioId, r]));
  const predicted = [...firsts.values()].filter((r) => r.predicted !== null && scenarioById.has(r.scenarioId));
  const matches = predicted.filter((r) => r.predicted === r.choice).length;
  const retests = rows.filter((r) => r.kind === "retest" && firsts.has(r.scenarioId));
  const consistent = retests.filter((r) => firsts.get(r.scenarioId)!.choice === r.choice).length;
  const agreement = ratio(matches, predicted.length);
  const consistency = ratio(consistent, retests.length);
  const needed = { predictions: Math.max(0, SCENARIO_RULES.minPredictions - predicted.length), retests: Math.max(0, SCENARIO_RULES.minRetests - retests.length) };
  const enough = needed.predictions === 0 && needed.retests === 0;
  const waiting = waitingRetests(rows);
  const dueNow = waiting.some((r) => dueAt(r) <= now);
  return {
    predictions: predicted.length,
    matches,
    agreement,
    chance: predicted.length ? predicted.reduce((n, r) => n + 1 / scenarioById.get(r.scenarioId)!.options.length, 0) / predicted.length : null,
    retests: retests.length,
    consistent,
    consistency,
    fidelity: enough && agreement !== null && consistency ? agreement / consistency : null,
    needed,
    nextRetestAt: !dueNow && waiting[0] ? dueAt(waiting[0]).toISOString() : null,
  };
}

/** What the person sees of a scenario: the situation and the option texts, numbered from 1 in order. */
const view = (s: DecisionScenario) => ({ id: s.id, domain: s.domain, domainLabel: mappingDomainLabels[s.domain], prompt: s.prompt, options: s.options.map((o) => o.text) });

function outcomeOf(row: AnswerRow, rows: AnswerRow[]): ScenarioOutcome {
  const scenario = scenarioById.get(row.scenarioId)!;
  const first = row.kind === "retest" ? rows.find((r) => r.kind === "first" && r.scenarioId === row.scenarioId) : undefined;
  return {
    scenarioId: row.scenarioId,
    prompt: scenario.prompt,
    domain: scenario.domain,
    domainLabel: mappingDomainLabels[scenario.domain],
    kind: row.kind,
    choice: scenario.options[row.choice - 1]?.text ?? "",
    words: row.words,
    predicted: row.predicted ? (scenario.options[row.predicted - 1]?.text ?? null) : null,
    matched: row.predicted ? row.predicted === row.choice : null,
    sameAsFirst: first ? first.choice === row.choice : null,
    basis: row.basis.map((b) => scenarioBasisLabels[b]),
    answeredAt: row.answeredAt.toISOString(),
  };
}

function stateOf(rows: AnswerRow[], now: Date): ScenarioState {
  const answered = new Set(rows.filter((r) => r.kind === "first").map((r) => r.scenarioId));
  const due = waitingRetests(rows).filter((r) => dueAt(r) <= now);
  const fresh = SCENARIO_ORDER.find((s) => !answered.has(s.id));
  const next = due[0] ? { scenario: view(scenarioById.get(due[0].scenarioId)!), kind: "retest" as const } : fresh ? { scenario: view(fresh), kind: "first" as const } : null;
  // An answer waiting to be asked again stays out of sight until it has been, so the retest measures the person.
  const hidden = new Set(due.map((r) => r.scenarioId));
  const recent = rows
    .filter((r) => scenarioById.has(r.scenarioId) && !(r.kind === "first" && hidden.has(r.scenarioId)))
    .sort((a, b) => b.answeredAt.getTime() - a.answeredAt.getTime() || a.kind.localeCompare(b.kind) || a.scenarioId.localeCompare(b.scenarioId))
    .slice(0, RECENT)
    .map((r) => outcomeOf(r, rows));
  return { next, answered: [...answered].filter((id) => scenarioById.has(id)).length, total: SCENARIO_ORDER.length, figures: scenarioFigures(rows, now), recent };
}

export function getScenarios(ctx: AppContext, userId: string): Promise<ScenarioState> {
  const now = ctx.clock.now();
  return withUserScope(ctx.db, userId, async (tx) => stateOf(await readAnswers(tx, userId), now), { accessMode: "read only" });
}

/** Why an answer of this kind is not taken for the scenario now, or null when it is. */
function refusal(rows: AnswerRow[], scenarioId: string, kind: ScenarioKind, now: Date): AppError | null {
  const first = rows.find((r) => r.kind === "first" && r.scenarioId === scenarioId);
  const alreadyAnswered = new AppError("scenario_already_answered", scenarioMessages.alreadyAnswered);
  if (kind === "first") return first ? alreadyAnswered : null;
  if (first && rows.some((r) => r.kind === "retest" && r.scenarioId === scenarioId)) return new AppError("scenario_already_answered", scenarioMessages.retestAlreadyAnswered);
  const due = first && waitingRetests(rows).some((r) => r.id === first.id) && dueAt(first) <= now;
  return due ? null : new AppError("scenario_retest_not_due", scenarioMessages.retestNotDue);
}

/** Everything the twin may use to predict `scenario`: the profile, the person's other choices, and what they recorded. */
async function predictionMaterial(ctx: AppContext, userId: string, scenario: DecisionScenario, rows: AnswerRow[], now: Date): Promise<PredictionMaterial> {
  const { profile } = await withUserScope(ctx.db, userId, (tx) => measuredProfile(tx, userId), { accessMode: "read only" });
  return {
    percentiles: Object.fromEntries(profile.map((p) => [p.domain, p.percentile])),
    // Held out: the scenario being predicted is never among the choices the twin learns from.
    choices: rows
      .filter((r) => r.kind === "first" && r.scenarioId !== scenario.id && scenarioById.has(r.scenarioId))
      .map((r) => ({ scenario: scenarioById.get(r.scenarioId)!, choice: r.choice })),
    evidence: await meaningEvidence(ctx, userId, scenario, now),
  };
}

/**
 * Records the person's answer. For a first answer the twin predicts first, from material read before the answer is
 * stored and without this scenario's answer, so the prediction can never have seen it; then both are stored together.
 * A retest is stored as given. Answers are never changed afterwards.
 */
export async function answerScenario(
  ctx: AppContext,
  userId: string,
  scenarioId: string,
  answer: { kind: ScenarioKind; choice: number; words: string },
): Promise<{ outcome: ScenarioOutcome; state: ScenarioState }> {
  const scenario = scenarioById.get(scenarioId);
  if (!scenario) throw new AppError("scenario_not_found", scenarioMessages.notFound);
  if (answer.choice > scenario.options.length) throw new AppError("validation_failed", scenarioMessages.choiceInvalid);
  const now = ctx.clock.now();
  const before = await withUserScope(ctx.db, userId, (tx) => readAnswers(tx, userId), { accessMode: "read only" });
  const kind = answer.kind;
  const refused = refusal(before, scenarioId, kind, now);
  if (refused) throw refused;
  // Predicting embeds the options with the twin's encoder: a generation like a twin answer, limited the same way.
  const prediction =
    kind === "first" ? await withGeneration(ctx, userId, async () => predictChoice(scenario, await predictionMaterial(ctx, userId, scenario, before, now))) : { predicted: null, basis: [] };
  return withUserScope(ctx.db, userId, async (tx) => {
    // One answer at a time per person, checked again on what is stored now: another tab may have answered meanwhile,
    // and the retests must stay a few.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`scenario-answers:${userId}`}, 0))`);
    const current = await readAnswers(tx, userId);
    const refusedNow = refusal(current, scenarioId, kind, now);
    if (refusedNow) throw refusedNow;
    const [row] = await tx
      .insert(scenarioAnswers)
      .values({ userId, scenarioId, kind, choice: answer.choice, words: answer.words, predicted: prediction.predicted, basis: prediction.basis, answeredAt: now })
      .returning();
    const rows = [...current, row!];
    return { outcome: outcomeOf(row!, rows), state: stateOf(rows, now) };
  });
}
