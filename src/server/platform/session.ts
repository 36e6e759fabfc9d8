import { eq } from "drizzle-orm";
import { session as sessionTable } from "../db/schema";
import { SESSION_ABSOLUTE_SECONDS } from "./auth";
import type { PlatformContext } from "./context";
import { messages } from "../../contract/messages";
import { ageMessages } from "../../contract/age-options";
import { decideAccess, isAgeSettled, type AccessDecision } from "./access-policy";
import { AppError, unauthenticated } from "./errors";
import type { CheckedSession } from "./session-cache";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** When this session was created, i.e. when the person last proved who they are. */
  signedInAt: Date;
}

/** Export, import and account deletion need a sign-in within this many seconds (SECURITY.md 13). */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

/** Fails with 403 `reauth_required` unless the session was created within the last 10 minutes. */
export function requireRecentSignIn(user: SessionUser, now = new Date()): void {
  if (now.getTime() - user.signedInAt.getTime() > RECENT_SIGN_IN_SECONDS * 1000) {
    throw new AppError("reauth_required", messages.reauthRequired);
  }
}

/**
 * The session of a request (a session older than the absolute lifetime is revoked here) and the access policy's decision for its person: from this process's short cache
 * (platform/session-cache.ts, SESSION_CACHE_SECONDS) or from Better Auth and the policy, then remembered.
 */
export async function checkSession(ctx: PlatformContext, headers: Headers): Promise<CheckedSession | null> {
  const cookie = ctx.sessions.cookieOf(headers);
  if (!cookie) return null;
  const cached = ctx.sessions.get(cookie);
  if (cached) return cached;
  const markedAt = ctx.sessions.mark();
  const found = await ctx.auth.api.getSession({ headers });
  if (!found) return null;
  const createdAt = new Date(found.session.createdAt).getTime();
  if ((Date.now() - createdAt) / 1000 > SESSION_ABSOLUTE_SECONDS) {
    await ctx.authDb.delete(sessionTable).where(eq(sessionTable.id, found.session.id));
    return null;
  }
  const user = { id: found.user.id, email: found.user.email, name: found.user.name, signedInAt: new Date(createdAt) };
  const checked = { user, access: await decideAccess(ctx.authDb, ctx.config, user, ctx.clock.now()) };
  // Only an admitted person is remembered: someone refused (waiting for an invitation) is let in the moment they are invited.
  if (checked.access.allowed) ctx.sessions.set(cookie, checked, Math.min(new Date(found.session.expiresAt).getTime(), createdAt + SESSION_ABSOLUTE_SECONDS * 1000), markedAt);
  return checked;
}

/**
 * Like checkSession, but a request without a valid session fails with 401, and a signed-in user whom the
 * access policy does not admit fails with 403: the web guard's rule holds for the API too.
 */
export async function requireSessionUser(ctx: PlatformContext, headers: Headers, options: { legacyPage?: boolean; beforeAge?: boolean } = {}): Promise<SessionUser> {
  const checked = await checkSession(ctx, headers);
  if (!checked) throw unauthenticated();
  if (!checked.access.allowed) throw new AppError("access_denied", checked.access.reason ?? messages.accessDenied);
  if (!options.beforeAge) refuseUnsettledAge(checked.access);
  // Someone let in only as a legacy contact reaches the legacy endpoints, nothing else.
  if (checked.access.scope === "legacy" && !options.legacyPage) throw new AppError("access_denied", messages.legacyOnly);
  return checked.user;
}

/**
 * The age rule, enforced once for every route (SECURITY.md 46): an account whose age is unknown, under the minimum or
 * waiting for a guardian may only state it (the endpoints marked `beforeAge` in the contract); anything else is 403
 * with what to do.
 */
function refuseUnsettledAge(access: AccessDecision): void {
  if (isAgeSettled(access.age)) return;
  if (access.age === "unknown") throw new AppError("age_unstated", ageMessages.ageRequiredForService);
  if (access.age === "under-minimum") throw new AppError("age_not_permitted", ageMessages.underMinimumAccount);
  throw new AppError("guardian_consent_pending", ageMessages.awaitingGuardianForService);
}
