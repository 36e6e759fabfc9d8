import { eq } from "drizzle-orm";
import { session as sessionTable } from "../db/schema";
import { SESSION_ABSOLUTE_SECONDS } from "./auth";
import type { PlatformContext } from "./context";
import { messages } from "../../contract/messages";
import { decideAccess } from "./access-policy";
import { AppError, unauthenticated } from "./errors";

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

/** The signed-in user of this request, or null. A session older than the absolute lifetime is revoked here. */
export async function resolveSessionUser(ctx: PlatformContext, headers: Headers): Promise<SessionUser | null> {
  const found = await ctx.auth.api.getSession({ headers });
  if (!found) return null;
  const ageSeconds = (Date.now() - new Date(found.session.createdAt).getTime()) / 1000;
  if (ageSeconds > SESSION_ABSOLUTE_SECONDS) {
    await ctx.db.delete(sessionTable).where(eq(sessionTable.id, found.session.id));
    return null;
  }
  return { id: found.user.id, email: found.user.email, name: found.user.name, signedInAt: new Date(found.session.createdAt) };
}

/**
 * Like resolveSessionUser, but a request without a valid session fails with 401, and a signed-in user whom the
 * access policy does not admit fails with 403: the web guard's rule holds for the API too.
 */
export async function requireSessionUser(ctx: PlatformContext, headers: Headers): Promise<SessionUser> {
  const user = await resolveSessionUser(ctx, headers);
  if (!user) throw unauthenticated();
  const access = await decideAccess(ctx.db, ctx.config, user.email);
  if (!access.allowed) throw new AppError("access_denied", access.reason ?? messages.accessDenied);
  return user;
}
