import crypto from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { ageMessages, GUARDIAN_LINK_DAYS } from "../../../contract/age-options";
import { messages } from "../../../contract/messages";
import type { Executor } from "../../db/client";
import { ageChecks, ageGuardianRequests, user } from "../../db/schema";
import type { PlatformContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { composeAccountReadyMail, composeGuardianMail } from "./guardian-mail";
import { hashToken, newToken, seal, unseal } from "./sealed";

type Deps = Pick<PlatformContext, "authDb" | "auth" | "mailer" | "clock" | "config">;

/** What a sign-up's sealed request holds: enough to create the account once the guardian agrees, nothing more. */
interface SealedSignUp {
  email: string;
  birthDate: string;
  guardianEmail: string;
}

const expiry = (now: Date) => new Date(now.getTime() + GUARDIAN_LINK_DAYS * 86_400_000);

/** Sends the mail inside the caller's transaction: a mail that cannot be sent undoes the request (503). */
async function sendOrUndo(deps: Deps, mail: Parameters<Deps["mailer"]["send"]>[0]) {
  try {
    await deps.mailer.send(mail);
  } catch {
    throw new AppError("mail_unavailable", messages.mailUnavailable);
  }
}

/**
 * Keeps a 13–17 sign-up as a sealed request (on the sign-in pool's transaction `tx`) and e-mails the guardian. No account,
 * no session and nothing readable is kept; expired requests are removed on the way.
 */
export async function askGuardianForSignUp(deps: Deps, tx: Executor, signUp: SealedSignUp): Promise<void> {
  const now = deps.clock.now();
  await tx.delete(ageGuardianRequests).where(lte(ageGuardianRequests.expiresAt, now));
  const { token, hash } = newToken();
  await tx.insert(ageGuardianRequests).values({ tokenHash: hash, sealed: seal(token, signUp), expiresAt: expiry(now) });
  await sendOrUndo(deps, composeGuardianMail(deps.config.publicUrl, { guardianEmail: signUp.guardianEmail, childEmail: signUp.email }, token, "sign-up"));
}

/** Asks the guardian of an existing account (a contact of 13–17) whose age row is already written. */
export async function askGuardianForAccount(deps: Deps, tx: Executor, account: { userId: string; email: string; guardianEmail: string }): Promise<void> {
  const now = deps.clock.now();
  await tx.delete(ageGuardianRequests).where(lte(ageGuardianRequests.expiresAt, now));
  const { token, hash } = newToken();
  await tx.insert(ageGuardianRequests).values({ tokenHash: hash, userId: account.userId, expiresAt: expiry(now) });
  await sendOrUndo(deps, composeGuardianMail(deps.config.publicUrl, { guardianEmail: account.guardianEmail, childEmail: account.email }, token, "account"));
}

/**
 * Records a guardian's consent, once: a sign-up's account is created now (with its age row and the consent), then its
 * person is e-mailed; an existing account's age row gets the consent. An unknown, used or expired link is 400, and so
 * is a press while another press of the same link is being recorded: it never waits (SECURITY.md 45).
 */
export async function confirmGuardian(deps: Deps, token: string): Promise<"account-created" | "consent-recorded"> {
  const now = deps.clock.now();
  const outcome = await deps.authDb.transaction(async (tx) => {
    // One press at a time records the consent: a press while another holds this link's lock is told the link is used
    // (it never waits for the other: four waiting presses once held the whole sign-in pool). The claim is the delete;
    // a failure below rolls it back, so the link still works.
    const hash = hashToken(token);
    const locked = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${hash}, 45)) AS locked`);
    if (!locked.rows[0]?.locked) throw new AppError("guardian_link_invalid", ageMessages.guardianLinkInvalid);
    const claimed = await tx
      .delete(ageGuardianRequests)
      .where(and(eq(ageGuardianRequests.tokenHash, hash), gt(ageGuardianRequests.expiresAt, now)))
      .returning({ user_id: ageGuardianRequests.userId, sealed: ageGuardianRequests.sealed });
    const request = claimed[0];
    if (!request) throw new AppError("guardian_link_invalid", ageMessages.guardianLinkInvalid);
    if (request.user_id) {
      await tx.update(ageChecks).set({ guardianConfirmedAt: now }).where(eq(ageChecks.userId, request.user_id));
      return { kind: "consent-recorded" as const };
    }
    const signUp = unseal(token, request.sealed ?? "") as SealedSignUp | null;
    if (!signUp) throw new AppError("guardian_link_invalid", ageMessages.guardianLinkInvalid);
    const userId = await accountFor(tx, signUp.email, now);
    await tx
      .insert(ageChecks)
      .values({ userId, birthDate: signUp.birthDate, guardianEmail: signUp.guardianEmail, guardianConfirmedAt: now })
      .onConflictDoNothing();
    return { kind: "account-created" as const, email: signUp.email };
  });
  if (outcome.kind === "account-created") {
    // The account exists either way; a lost notice only means the person learns it at their next sign-in.
    await deps.mailer.send(composeAccountReadyMail(deps.config.publicUrl, outcome.email)).catch(() => undefined);
  }
  return outcome.kind;
}

/**
 * The account for this address, on the caller's transaction: one made meanwhile, or a new user row in the shape Better
 * Auth writes. Never through Better Auth's adapter, which takes a second connection from the pool while this one holds
 * the claimed request (four presses once held the whole pool that way). The profile is made on first use.
 */
async function accountFor(tx: Executor, email: string, now: Date): Promise<string> {
  await tx.insert(user).values({ id: newUserId(), email, name: "", emailVerified: true, createdAt: now, updatedAt: now }).onConflictDoNothing({ target: user.email });
  const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

/** A user id like Better Auth's own: 32 characters from a CSPRNG. */
const newUserId = () => crypto.randomBytes(24).toString("base64url");
