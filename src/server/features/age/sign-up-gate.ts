import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { ageMessages } from "../../../contract/age-options";
import { messages } from "../../../contract/messages";
import { ageChecks, user, verification } from "../../db/schema";
import type { PlatformContext } from "../../platform/context";
import { normaliseEmail } from "../../platform/access-policy";
import { AppError } from "../../platform/errors";
import { bandOf } from "../../platform/age-rules";
import { askGuardianForSignUp } from "./guardian";

type Deps = Pick<PlatformContext, "authDb" | "auth" | "mailer" | "clock" | "config">;

// Better Auth's magic-link plugin stores `magic-link:` + base64url(SHA-256(token)) with `storeToken: "hashed"`.
const identifierOf = (token: string) => `magic-link:${crypto.createHash("sha256").update(token).digest("base64url")}`;

/** The address a still-valid sign-in token was sent to, read without spending it (null: unknown or expired). */
async function addressOf(deps: Deps, token: string): Promise<string | null> {
  const [row] = await deps.authDb.select({ value: verification.value, expiresAt: verification.expiresAt }).from(verification).where(eq(verification.identifier, identifierOf(token)));
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  try {
    const email = (JSON.parse(row.value) as { email?: unknown }).email;
    return typeof email === "string" ? normaliseEmail(email) : null;
  } catch {
    return null;
  }
}

/** Whether this token would create an account (the confirmation page then asks for a date of birth first). */
export async function isSignUpToken(deps: Deps, token: string): Promise<boolean> {
  const email = await addressOf(deps, token);
  if (!email) return false;
  const [known] = await deps.authDb.select({ id: user.id }).from(user).where(eq(user.email, email));
  return !known;
}

export type SignUpDecision = { proceed: false } | { proceed: true; newAccount: { email: string; birthDate: string } | null };

/**
 * Runs before a sign-in token is spent. A known address proceeds as before. A new one must state a date of birth:
 * under 13 is refused and the token deleted (nothing about them is kept); 13–17 name a guardian, the token is spent and
 * a sealed request e-mailed to the guardian instead of an account (no session); 18 and over proceed, and the caller
 * records the date with recordSignUpAge once the account exists.
 */
export async function admitSignUp(deps: Deps, token: string, input: { birthDate?: string; guardianEmail?: string }): Promise<SignUpDecision> {
  const email = await addressOf(deps, token);
  // Unknown or expired: Better Auth refuses it with the usual message.
  if (!email || !(await isSignUpToken(deps, token))) return { proceed: true, newAccount: null };
  if (!input.birthDate) throw new AppError("age_required", ageMessages.birthDateRequired);
  const band = bandOf(input.birthDate, deps.clock.now());
  if (!band) throw new AppError("validation_failed", ageMessages.birthDateInvalid);
  if (band === "under-minimum") {
    await deps.authDb.delete(verification).where(eq(verification.identifier, identifierOf(token)));
    throw new AppError("age_not_permitted", ageMessages.underMinimum);
  }
  if (band === "adult") return { proceed: true, newAccount: { email, birthDate: input.birthDate } };
  const guardianEmail = input.guardianEmail ? normaliseEmail(input.guardianEmail) : null;
  if (!guardianEmail) throw new AppError("guardian_required", ageMessages.guardianEmailRequired);
  if (guardianEmail === email) throw new AppError("guardian_required", ageMessages.guardianEmailInvalid);
  await deps.authDb.transaction(async (tx) => {
    const spent = await tx.delete(verification).where(eq(verification.identifier, identifierOf(token))).returning({ id: verification.id });
    if (spent.length === 0) throw new AppError("link_invalid", messages.linkInvalid);
    await askGuardianForSignUp(deps, tx, { email, birthDate: input.birthDate!, guardianEmail });
  });
  return { proceed: false };
}

/** Stores an adult's stated date of birth on the account the sign-in just created. */
export async function recordSignUpAge(deps: Deps, newAccount: { email: string; birthDate: string }): Promise<void> {
  const [created] = await deps.authDb.select({ id: user.id }).from(user).where(eq(user.email, newAccount.email));
  if (!created) throw new Error("the account made by this sign-in was not found");
  await deps.authDb.insert(ageChecks).values({ userId: created.id, birthDate: newAccount.birthDate }).onConflictDoNothing();
}
