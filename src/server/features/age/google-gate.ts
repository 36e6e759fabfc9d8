import crypto from "node:crypto";
import { ageMessages } from "../../../contract/age-options";
import { ageChecks } from "../../db/schema";
import type { PlatformContext } from "../../platform/context";
import { normaliseEmail } from "../../platform/access-policy";
import { refuseUserCreation, type AuthEndpoint } from "../../platform/auth";
import { AppError } from "../../platform/errors";
import { bandOf } from "../../platform/age-rules";
import { askGuardianForSignUp } from "./guardian";

// Google sign-in makes its account inside Better Auth's callback, so the age stated on the login page travels to it in
// a short-lived, signed, httpOnly cookie bound to that one authorisation request's `state` (decision 0029).

type Deps = Pick<PlatformContext, "authDb" | "auth" | "mailer" | "clock" | "config">;

export const GOOGLE_AGE_COOKIE = "mindprint.google_age";
/** Sent only to the provider's callback. */
const COOKIE_PATH = "/api/auth/callback";
const LIFETIME_SECONDS = 10 * 60;
/** Better Auth creates users in these endpoints after our own checks ran (the magic link's confirmation page). */
const CHECKED_ELSEWHERE = new Set(["/magic-link/verify"]);

interface Statement {
  state: string;
  birthDate: string;
  guardianEmail?: string;
  expiresAt: number;
}

const keyOf = async (deps: Deps) =>
  Buffer.from(crypto.hkdfSync("sha256", (await deps.auth.$context).secret, "mindprint-age", "google-age-statement-v1", 32));
const signatureOf = (key: Buffer, payload: string) => crypto.createHmac("sha256", key).update(payload).digest("base64url");

function cookie(deps: Deps, value: string, maxAge: number): string {
  return `${GOOGLE_AGE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${deps.config.isProduction ? "; Secure" : ""}`;
}

/**
 * Checks what the login page stated before Google is asked: under 13 is refused here and nothing is kept; 13–17 must
 * name a guardian other than themselves later checked against Google's address. No statement is fine (existing users).
 */
export function checkGoogleAgeStatement(deps: Deps, input: { birthDate?: string; guardianEmail?: string }): void {
  if (!input.birthDate) return;
  const band = bandOf(input.birthDate, deps.clock.now());
  if (!band) throw new AppError("validation_failed", ageMessages.birthDateInvalid);
  if (band === "under-minimum") throw new AppError("age_not_permitted", ageMessages.underMinimum);
  if (band === "minor" && !input.guardianEmail) throw new AppError("guardian_required", ageMessages.guardianEmailRequired);
}

/** The cookie that carries a checked statement to the callback of the request with this `state` (or clears an old one). */
export async function googleAgeCookie(deps: Deps, state: string, input: { birthDate?: string; guardianEmail?: string }): Promise<string> {
  if (!input.birthDate) return cookie(deps, "", 0);
  const statement: Statement = {
    state,
    birthDate: input.birthDate,
    ...(input.guardianEmail ? { guardianEmail: normaliseEmail(input.guardianEmail) } : {}),
    expiresAt: deps.clock.now().getTime() + LIFETIME_SECONDS * 1000,
  };
  const payload = Buffer.from(JSON.stringify(statement)).toString("base64url");
  return cookie(deps, `${payload}.${signatureOf(await keyOf(deps), payload)}`, LIFETIME_SECONDS);
}

/** The statement in the callback's cookie, when it is ours, unexpired and made for this very authorisation request. */
async function readStatement(deps: Deps, endpoint: AuthEndpoint): Promise<Statement | null> {
  const raw = endpoint.headers
    ?.get("cookie")
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${GOOGLE_AGE_COOKIE}=`))
    ?.slice(GOOGLE_AGE_COOKIE.length + 1);
  const [payload, signature] = (raw ?? "").split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(signatureOf(await keyOf(deps), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const statement = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Statement;
  const state = endpoint.query.state;
  if (typeof state !== "string" || statement.state !== state || statement.expiresAt <= deps.clock.now().getTime()) return null;
  return statement;
}

const needsStatement = (endpoint: AuthEndpoint | null): endpoint is AuthEndpoint => endpoint !== null && !CHECKED_ELSEWHERE.has(endpoint.path);

/**
 * Runs before Better Auth creates a user. Our own code (a guardian's consent) and the magic link (checked on its
 * confirmation page) pass; any other endpoint (Google's callback) needs a statement: none is refused with
 * `age_required`, under 13 with `age_not_permitted`, and 13–17 become a sealed request e-mailed to the guardian, with
 * no account (`guardian_asked`). Adults proceed; recordStatedAge stores their date once the account exists.
 */
export async function admitNewUser(deps: Deps, created: { email: string; emailVerified: boolean }, endpoint: AuthEndpoint | null): Promise<void> {
  if (!needsStatement(endpoint)) return;
  const statement = await readStatement(deps, endpoint);
  if (!statement) refuseUserCreation("age_required", ageMessages.googleAgeRequired);
  const band = bandOf(statement.birthDate, deps.clock.now());
  if (band === "adult") return;
  if (band !== "minor") refuseUserCreation("age_not_permitted", ageMessages.underMinimum);
  // The guardian's consent creates the account for this address: only one Google vouches for may be named so.
  if (!created.emailVerified) refuseUserCreation("minor_email_unverified", ageMessages.googleMinorUnverified);
  const email = normaliseEmail(created.email);
  if (!statement.guardianEmail || statement.guardianEmail === email) refuseUserCreation("guardian_required", ageMessages.guardianEmailInvalid);
  try {
    await deps.authDb.transaction((tx) => askGuardianForSignUp(deps, tx, { email, birthDate: statement.birthDate, guardianEmail: statement.guardianEmail! }));
  } catch (error) {
    if (error instanceof AppError) refuseUserCreation(error.code, error.message);
    throw error;
  }
  refuseUserCreation("guardian_asked", ageMessages.guardianAsked);
}

/** Stores an adult's stated date of birth on the account Google's callback just created (nothing for other paths). */
export async function recordStatedAge(deps: Deps, userId: string, endpoint: AuthEndpoint | null): Promise<void> {
  if (!needsStatement(endpoint)) return;
  const statement = await readStatement(deps, endpoint);
  if (!statement || bandOf(statement.birthDate, deps.clock.now()) !== "adult") return;
  await deps.authDb.insert(ageChecks).values({ userId, birthDate: statement.birthDate }).onConflictDoNothing();
}
