import { eq, sql } from "drizzle-orm";
import { voiceCloneMessages } from "../../../contract";
import { devMailbox, user, voiceProfiles, waitlistEntries } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import type { Caller } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { requireRecentSignIn, type SessionUser } from "../../platform/session";
import { removeStored } from "../../platform/storage/file-removal";

/**
 * Deletes the account for good: the sign-in cookie is cleared, then the user row goes in one transaction and every
 * user-owned table follows by its foreign key (ON DELETE CASCADE); the waitlist entry and any dev-mailbox copies for
 * the address go too, and then every stored file of the account. Needs a sign-in within the last 10 minutes.
 */
export async function deleteAccount(ctx: AppContext, caller: Caller, who: SessionUser, sendCookies: (setCookies: string[]) => void): Promise<{ ok: true }> {
  requireRecentSignIn(who);
  await removeClonesAtVendors(ctx, who.id);
  const signOut = await ctx.auth.api.signOut({ headers: caller.headers, asResponse: true });
  // The session is gone from here on, whatever happens next: the browser forgets its cookie even if a later step fails.
  sendCookies(signOut.headers.getSetCookie());
  await eraseRowsAndFiles(ctx, who.id);
  return { ok: true };
}

/**
 * Erases an account nobody is signed in to (a retired legacy whose reading period has ended): its clones at the voice
 * vendor first (a failure keeps the account, to be tried again), then its rows and its files, as deleteAccount does.
 */
export async function eraseAccount(ctx: AppContext, userId: string): Promise<void> {
  await removeClonesAtVendors(ctx, userId);
  await eraseRowsAndFiles(ctx, userId);
}

async function eraseRowsAndFiles(ctx: AppContext, userId: string): Promise<void> {
  // On the sign-in pool: only its role may touch the user row, the waitlist and the mailbox (decision 0024). The
  // cascade into the user-owned tables runs as their owner, as foreign-key actions do.
  await ctx.authDb.transaction(async (tx) => {
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!account) return;
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.email, account.email));
    await tx.delete(devMailbox).where(sql`lower(${devMailbox.to}) = ${account.email}`);
    await tx.delete(user).where(eq(user.id, userId));
  });
  // After the commit, so a request checked meanwhile cannot put the person back in this process's session cache.
  ctx.sessions.forgetUser(userId);
  // Files after rows, so no row ever points at nothing; files the store cannot remove now are retried by a job.
  await removeStored(ctx, { owner: userId });
}

/**
 * Clones kept by a vendor (ElevenLabs) are deleted there first; if that fails the account stays, so the person can
 * try again rather than leave a copy of their voice behind that nobody can delete.
 */
async function removeClonesAtVendors(ctx: AppContext, userId: string): Promise<void> {
  const clones = await withUserScope(ctx.db, userId, (tx) =>
    tx.select({ provider: voiceProfiles.provider, voiceId: voiceProfiles.providerVoiceId }).from(voiceProfiles).where(eq(voiceProfiles.userId, userId)),
  );
  for (const clone of clones) {
    if (!clone.voiceId || clone.provider === "local") continue;
    const engine = ctx.voice.forProvider(clone.provider);
    try {
      if (!engine) throw new Error(`${clone.provider} is not configured on this server.`);
      await engine.remove(clone.voiceId);
    } catch (error) {
      throw new AppError("voice_service_failed", voiceCloneMessages.voiceServiceFailed(error instanceof Error ? error.message : "the voice service did not answer."));
    }
  }
}
