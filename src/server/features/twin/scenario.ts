import type { TwinScenarioResult } from "../../../contract";
import { safeErrorLine } from "../../platform/log-safe-error";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { twinMessages } from "../../../contract";
import { startAnswer } from "./answer";

/**
 * The laboratory: the twin decides a scenario the way the person would, from their calibration answers and
 * memories, and says which it used and which traits. Not part of the conversation, so nothing is stored.
 */
export async function decideScenario(ctx: AppContext, userId: string, scenario: string): Promise<TwinScenarioResult> {
  const answer = await startAnswer(ctx, userId, scenario, { asDecision: true });
  try {
    const done = await answer.finish();
    return {
      kind: done.kind,
      decision: done.text,
      sources: done.sources,
      traits: done.lineage.traits,
      authenticityScore: done.authenticityScore,
      abstained: done.abstained,
      modelName: done.modelName,
    };
  } catch (error) {
    console.error("twin scenario failed:", safeErrorLine(error));
    throw new AppError("twin_failed", twinMessages.responseFailed);
  }
}
