import { eq, sql } from "drizzle-orm";
import type { Landing, Profile } from "../../../contract";
import type { LegacyPreference, Intent } from "../../../contract";
import { intentValues, legacyPreferenceValues, onboardingMessages } from "../../../contract";
import { getCountry } from "countries-and-timezones";
import { AppError } from "../../platform/errors";
import type { Database } from "../../db/client";
import { profiles } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";

type ProfileRow = typeof profiles.$inferSelect;

const isIntent = (v: string): v is Profile["userIntents"][number] => (intentValues as readonly string[]).includes(v);
const isLegacy = (v: string | null): v is NonNullable<Profile["legacyPreference"]> =>
  v !== null && (legacyPreferenceValues as readonly string[]).includes(v);

/** Shapes a row for the API; unknown stored intent values are dropped, as the spec asks. */
export function presentProfile(row: ProfileRow): Profile {
  const userIntents = row.userIntents.filter(isIntent);
  return {
    id: row.userId,
    firstName: row.firstName,
    birthday: row.birthday,
    country: row.country,
    legacyPreference: isLegacy(row.legacyPreference) ? row.legacyPreference : null,
    userIntents,
    primaryIntent: row.primaryIntent && isIntent(row.primaryIntent) ? row.primaryIntent : null,
    onboardingComplete: row.onboardingComplete,
  };
}

/** Guarantees the user has a profile row (onboarding_complete false when new) and returns it. */
export async function ensureProfile(db: Database, userId: string): Promise<Profile> {
  return withUserScope(db, userId, async (tx) => {
    await tx.insert(profiles).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
    if (!row) throw new Error("profile row missing after insert");
    return presentProfile(row);
  });
}

/** Records that onboarding is finished; idempotent. */
export function completeOnboarding(db: Database, userId: string): Promise<Profile> {
  return updateProfile(db, userId, { onboardingComplete: true });
}

async function updateProfile(db: Database, userId: string, changes: Partial<typeof profiles.$inferInsert>): Promise<Profile> {
  await ensureProfile(db, userId);
  return withUserScope(db, userId, async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(profiles.userId, userId))
      .returning();
    if (!row) throw new Error("profile row missing");
    return presentProfile(row);
  });
}

/** Saves 1 to 3 known intents (already filtered by the contract); the first one becomes primary_intent. */
export function saveIntents(db: Database, userId: string, intents: Intent[]): Promise<Profile> {
  return updateProfile(db, userId, { userIntents: intents, primaryIntent: intents[0] ?? null });
}

/** Saves first name (trimmed by the contract), birthday and country (null clears, left out keeps) and legacy preference together. */
export function saveIdentity(
  db: Database,
  userId: string,
  identity: { firstName: string; birthday?: string | null; legacyPreference: LegacyPreference; country?: string | null },
): Promise<Profile> {
  // A code of the IANA time zone database's country table, as the onboarding list and the time zones use.
  if (identity.country && !getCountry(identity.country)) throw new AppError("validation_failed", onboardingMessages.countryInvalid, { fields: { country: onboardingMessages.countryInvalid } });
  return updateProfile(db, userId, identity);
}

/** Whether the person has begun a twin of their own: any onboarding answer saved, or onboarding finished. */
const hasStartedTwin = (profile: Profile) => profile.onboardingComplete || profile.userIntents.length > 0 || Boolean(profile.firstName);

/**
 * Where the person starts after sign-in (see `landingValues`): someone who is only another person's legacy contact
 * (accepted, or with an invitation to their address still open), with no twin begun, starts on /legacy; someone who is both keeps the onboarding-or-dashboard rule.
 */
export async function decideLanding(db: Database, userId: string, profile: Profile): Promise<Landing> {
  if (profile.onboardingComplete) return "dashboard";
  if (hasStartedTwin(profile)) return "onboarding";
  // Named and accepted, or named with an invitation to this (proven) address still open: the contact starts where they accept it.
  const named = await withUserScope(db, userId, (tx) =>
    tx.execute<{ named: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM legacy_people_naming_me()) OR EXISTS (SELECT 1 FROM legacy_invitations_waiting_for_me()) AS named`),
  );
  return named.rows[0]?.named === true ? "legacy" : "onboarding";
}

/** How many calibration scenarios the person has answered (onboarding step 3 asks for at least one). */
export async function calibrationAnswerCount(db: Database, userId: string): Promise<number> {
  const rows = await withUserScope(db, userId, (tx) => tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM digital_twin_validation_feedback WHERE user_id = ${userId}`));
  return rows.rows[0]?.n ?? 0;
}
