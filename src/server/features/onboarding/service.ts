import { desc, sql } from "drizzle-orm";
import { safeErrorLine } from "../../platform/log-safe-error";
import { onboardingMessages, type Reflection } from "../../../contract";
import type { Database } from "../../db/client";
import { aiReflections, validationFeedback } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { generateReflection, ReflectionFailedError } from "../../providers/llm/reflection";
import { ensureProfile } from "../profile";

/** How many of the newest calibration answers feed a reflection: enough to see a pattern, small enough for any model. */
const REFLECTION_ANSWERS = 12;

/** Stores one calibration answer for the signed-in user (text already trimmed and bounded by the contract). */
export async function submitCalibration(db: Database, userId: string, input: { statement: string; response: string }) {
  const row = await withUserScope(db, userId, async (tx) => {
    const [inserted] = await tx.insert(validationFeedback).values({ userId, ...input }).returning();
    return inserted;
  });
  if (!row) throw new Error("calibration insert returned nothing");
  return { id: row.id, statement: row.statement, response: row.response, createdAt: row.createdAt.toISOString() };
}

/**
 * Writes the person's reflection from their profile and calibration answers with the configured model and
 * stores it, replacing any earlier one. A provider failure or timeout becomes `reflection_failed`, an empty answer an
 * empty summary; nothing is stored in either case.
 */
export async function createReflection(ctx: AppContext, userId: string): Promise<Reflection> {
  const profile = await ensureProfile(ctx.db, userId);
  if (!profile.firstName || !profile.legacyPreference) throw new AppError("profile_incomplete", onboardingMessages.profileIncomplete);
  const answers = await withUserScope(ctx.db, userId, (tx) =>
    tx
      .select({ statement: validationFeedback.statement, response: validationFeedback.response })
      .from(validationFeedback)
      .orderBy(desc(validationFeedback.createdAt))
      .limit(REFLECTION_ANSWERS),
  );
  let result: { summary: string; traitsUsed: string[] };
  try {
    result = await generateReflection(
      ctx.llm.model,
      {
        firstName: profile.firstName,
        birthday: profile.birthday,
        legacyPreference: profile.legacyPreference,
        intents: profile.userIntents,
        calibration: answers.reverse(),
      },
      { timeoutMs: ctx.llm.timeoutMs },
    );
  } catch (error) {
    // A model that answers with nothing is not an error to the person: the screen shows its "empty" fallback.
    if (error instanceof ReflectionFailedError && error.reason === "empty") {
      return { summary: "", traitsUsed: [], modelName: ctx.llm.name, updatedAt: new Date().toISOString() };
    }
    console.error("reflection failed:", safeErrorLine(error));
    throw new AppError("reflection_failed", onboardingMessages.reflectionFailed);
  }
  const [row] = await withUserScope(ctx.db, userId, (tx) =>
    tx
      .insert(aiReflections)
      .values({ userId, summary: result.summary, traitsUsed: result.traitsUsed, modelName: ctx.llm.name })
      .onConflictDoUpdate({
        target: aiReflections.userId,
        set: { summary: result.summary, traitsUsed: result.traitsUsed, modelName: ctx.llm.name, updatedAt: sql`now()` },
      })
      .returning(),
  );
  if (!row) throw new Error("reflection upsert returned nothing");
  return { summary: row.summary, traitsUsed: row.traitsUsed, modelName: row.modelName, updatedAt: row.updatedAt.toISOString() };
}

