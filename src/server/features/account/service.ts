import { eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { devMailbox, user, waitlistEntries } from "../../db/schema";
import { forwardSetCookies } from "../../platform/auth-bridge";
import type { AppContext } from "../../platform/context";
import { toFetchHeaders } from "../../platform/request-headers";
import { requireRecentSignIn, type SessionUser } from "../../platform/session";

/**
 * Deletes the account for good: the sign-in cookie is cleared, then the user row goes in one transaction and every
 * user-owned table follows by its foreign key (ON DELETE CASCADE); the waitlist entry and any dev-mailbox copies for
 * the address go too, and then every stored file of the account. Needs a sign-in within the last 10 minutes.
 */
export async function deleteAccount(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, who: SessionUser): Promise<{ ok: true }> {
  requireRecentSignIn(who);
  const signOut = await ctx.auth.api.signOut({ headers: toFetchHeaders(request), asResponse: true });
  forwardSetCookies(signOut, reply);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.email, who.email));
    await tx.delete(devMailbox).where(sql`lower(${devMailbox.to}) = ${who.email}`);
    await tx.delete(user).where(eq(user.id, who.id));
  });
  // Files after rows: a failure here leaves unreachable files for an operator, never rows pointing at nothing.
  await ctx.storage.removeOwner(who.id);
  return { ok: true };
}
