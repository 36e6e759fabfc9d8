import { eq } from "drizzle-orm";
import { ageMessages, type AgeResponse, type AgeStatus } from "../../../contract/age";
import type { Executor } from "../../db/client";
import { ageChecks } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { PlatformContext } from "../../platform/context";
import { normaliseEmail } from "../../platform/access-policy";
import { AppError } from "../../platform/errors";
import { bandOf, statusOf } from "../../platform/age-rules";
import { askGuardianForAccount } from "./guardian";

/** The stored answer of one person, read in `tx` (their own user scope, or the sign-in pool). */
async function ageRowOf(tx: Executor, who: string) {
  const [row] = await tx.select({ birthDate: ageChecks.birthDate, guardianConfirmedAt: ageChecks.guardianConfirmedAt }).from(ageChecks).where(eq(ageChecks.userId, who));
  return row ?? null;
}

/** What is known of `who`'s age at `now`; `tx` is a transaction scoped to `who` (withUserScope) or the sign-in pool. */
export async function ageStatusOf(tx: Executor, who: string, now: Date): Promise<AgeStatus> {
  return statusOf(await ageRowOf(tx, who), now);
}

/**
 * True when `who` (an owner or a contact: both are accounts) stated an age under 18, consented or not. Unknown ages
 * (accounts older than the check) are not known minors. `tx` as for ageStatusOf.
 */
export async function isKnownMinor(tx: Executor, who: string, now: Date): Promise<boolean> {
  const status = await ageStatusOf(tx, who, now);
  return status === "minor-consented" || status === "minor-awaiting-guardian" || status === "under-minimum";
}

/** The signed-in person's own answer (with their own date of birth), for the page that asks it once. */
export async function readOwnAge(ctx: PlatformContext, userId: string): Promise<AgeResponse> {
  const row = await withUserScope(ctx.db, userId, (tx) => ageRowOf(tx, userId));
  return { status: statusOf(row, ctx.clock.now()), birthDate: row?.birthDate ?? null };
}

/**
 * Stores a date of birth stated by an existing account (a contact asked before their first talk with a twin), once:
 * a second statement is 409 (support corrects it). 13–17 name a guardian, who is e-mailed in the same transaction.
 */
export async function stateOwnAge(ctx: PlatformContext, who: { id: string; email: string }, input: { birthDate: string; guardianEmail?: string }): Promise<AgeResponse> {
  const now = ctx.clock.now();
  const band = bandOf(input.birthDate, now);
  if (!band) throw new AppError("validation_failed", ageMessages.birthDateInvalid);
  const guardianEmail = input.guardianEmail ? normaliseEmail(input.guardianEmail) : undefined;
  if (band === "minor" && !guardianEmail) throw new AppError("guardian_required", ageMessages.guardianEmailRequired);
  if (band === "minor" && guardianEmail === normaliseEmail(who.email)) throw new AppError("guardian_required", ageMessages.guardianEmailInvalid);
  // The sign-in pool writes the row and the guardian's request together, so a mail that cannot be sent undoes both.
  await ctx.authDb.transaction(async (tx) => {
    const inserted = await tx
      .insert(ageChecks)
      .values({ userId: who.id, birthDate: input.birthDate, guardianEmail: band === "minor" ? guardianEmail : null })
      .onConflictDoNothing()
      .returning({ userId: ageChecks.userId });
    if (inserted.length === 0) throw new AppError("age_already_stated", ageMessages.ageAlreadyStated);
    if (band === "minor") await askGuardianForAccount(ctx, tx, { userId: who.id, email: who.email, guardianEmail: guardianEmail! });
  });
  // The access decision this process remembers carries the age: the next request must see the new one.
  ctx.sessions.forgetUser(who.id);
  return readOwnAge(ctx, who.id);
}
