import { eq, sql } from "drizzle-orm";
import { FOUNDING_MEMBER_LIMIT, messages, waitlistMessages, type JoinWaitlistResponse } from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { waitlistEarlierLinks, waitlistEntries } from "../../db/schema";
import { normaliseEmail } from "../../platform/access-policy";
import type { Caller } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { consumeRateLimit, releaseRateLimit } from "../../platform/rate-limit";
import type { OutgoingMail } from "../../platform/mail/mailer";
import { EARLIER_LINK_DAYS, linkedEntry } from "./place";
import { findQueuePlace } from "./queue";
import { hashToken, newSecretToken } from "../../platform/tokens";
import { newReferralCode } from "./tokens";
import { composeWaitlistConfirmationMail } from "./waitlist-mail";

/** Joins per IP address per 10 minutes. Repeated joins of a known address count too, which bounds probing for addresses. */
const JOINS_PER_IP = 10;
/** Serialises joins so that signup_seq has no gaps and "the first 50 signups" means exactly that. */
const JOIN_LOCK_KEY = 727_275;

type Entry = typeof waitlistEntries.$inferSelect;
type Joined = { entry: Entry; token: string; undo: (db: Database) => Promise<unknown> };

const findByEmail = async (db: Database | Transaction, email: string) =>
  (await db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email)))[0] ?? null;

async function unusedReferralCode(tx: Transaction): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newReferralCode();
    const taken = await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.referralCode, code));
    if (taken.length === 0) return code;
  }
  throw new Error("no free referral code after 5 attempts");
}

/** Inside the join lock: adds a new entry, or puts an unsubscribed one back in the queue with a fresh unsubscribe token. */
async function addOrReactivate(tx: Transaction, email: string, ref: string | undefined): Promise<Joined | Entry> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${JOIN_LOCK_KEY})`);
  const existing = await findByEmail(tx, email);
  if (existing && !existing.unsubscribedAt) return existing; // joined a moment ago by a concurrent request
  const token = newSecretToken();
  if (existing) {
    const [entry] = await tx
      .update(waitlistEntries)
      .set({ unsubscribedAt: null, unsubscribeTokenHash: hashToken(token) })
      .where(eq(waitlistEntries.id, existing.id))
      .returning();
    const previous = { unsubscribedAt: existing.unsubscribedAt, unsubscribeTokenHash: existing.unsubscribeTokenHash };
    return { entry: entry!, token, undo: (db) => db.update(waitlistEntries).set(previous).where(eq(waitlistEntries.id, existing.id)) };
  }
  // A ref that names no entry is ignored; a person cannot refer themselves because a new entry has no code yet.
  const referrer = ref
    ? (await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.referralCode, ref.toLowerCase())))[0]
    : undefined;
  const seq = await tx.execute<{ next: number }>(sql`SELECT (COALESCE(max(signup_seq), 0) + 1)::int AS next FROM waitlist_entries`);
  const next = seq.rows[0]!.next;
  const [entry] = await tx
    .insert(waitlistEntries)
    .values({
      email,
      referralCode: await unusedReferralCode(tx),
      referredBy: referrer?.id ?? null,
      signupSeq: next,
      foundingMember: next <= FOUNDING_MEMBER_LIMIT,
      unsubscribeTokenHash: hashToken(token),
    })
    .returning();
  return { entry: entry!, token, undo: (db) => db.delete(waitlistEntries).where(eq(waitlistEntries.id, entry!.id)) };
}

/** Sends a waitlist e-mail; a failure is logged and answered 503, so the caller can undo what it wrote. */
async function sendOrFail(ctx: AppContext, caller: Caller, mail: OutgoingMail): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    caller.log.error({ err: error }, "sending a waitlist e-mail failed");
    throw new AppError("mail_unavailable", messages.mailUnavailable);
  }
}

/** A new (or re-activated) entry: the confirmation with its place; when it cannot be sent the join is undone. */
async function confirmEntry(ctx: AppContext, caller: Caller, joined: Joined): Promise<void> {
  const place = await findQueuePlace(ctx.authDb, joined.entry.id);
  if (!place) throw new Error("a waitlist entry that was just confirmed is not in the queue");
  const { email, referralCode, foundingMember } = joined.entry;
  try {
    await sendOrFail(ctx, caller, composeWaitlistConfirmationMail(ctx.config.publicUrl, { email, position: place.position, foundingMember, referralCode, token: joined.token }));
  } catch (error) {
    await joined.undo(ctx.authDb);
    throw error;
  }
}

const REMINDERS_PER_HOUR = 1;

/**
 * Somebody typed an address that is already waiting. Its owner gets the place, the invitation link and fresh links
 * (place, unsubscribe) by e-mail, at most once an hour (typing it again and again sends nothing more). The earlier
 * e-mail's links keep working for EARLIER_LINK_DAYS, whether or not this one goes out.
 */
async function remindEntry(ctx: AppContext, caller: Caller, entry: Entry): Promise<void> {
  const key = `waitlist:reminder:${entry.id}`;
  const allowed = await consumeRateLimit(ctx.db, { key, limit: REMINDERS_PER_HOUR, windowSeconds: 3600, message: "" }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.code === "rate_limited") return false;
      throw error;
    },
  );
  if (!allowed) return;
  const place = await findQueuePlace(ctx.authDb, entry.id);
  if (!place) return;
  const token = newSecretToken();
  const mail = composeWaitlistConfirmationMail(ctx.config.publicUrl, { kind: "reminder", email: entry.email, position: place.position, foundingMember: entry.foundingMember, referralCode: entry.referralCode, token });
  try {
    await ctx.authDb.transaction(async (tx) => {
      // The links of the earlier e-mail keep working for a while: typing an address again never breaks them.
      const expiresAt = new Date(Date.now() + EARLIER_LINK_DAYS * 86_400_000);
      await tx.insert(waitlistEarlierLinks).values({ tokenHash: entry.unsubscribeTokenHash, entryId: entry.id, expiresAt }).onConflictDoNothing();
      await tx.update(waitlistEntries).set({ unsubscribeTokenHash: hashToken(token) }).where(eq(waitlistEntries.id, entry.id));
    });
    // Sent after the commit, holding no connection while the mail server answers; if it fails, the earlier links
    // still work and only the new one, never mailed, is unused.
    await sendOrFail(ctx, caller, mail);
  } catch (error) {
    await releaseRateLimit(ctx.db, key);
    throw error;
  }
}

/**
 * Puts an address on the waitlist once and e-mails that address its place. The answer is the same whether the address
 * was new or already waiting (SECURITY.md 38): a new (or re-activated) entry gets the confirmation, a waiting one the
 * reminder above. When the e-mail cannot be sent the answer is 503 either way, and a new join is undone, so trying
 * again later still sends it. Runs on the sign-in pool, the only one whose role reaches the waitlist (decision 0024).
 */
export async function joinWaitlist(ctx: AppContext, caller: Caller, input: { email: string; ref?: string }): Promise<JoinWaitlistResponse> {
  await consumeRateLimit(ctx.db, { key: `waitlist:ip:${caller.network}`, limit: JOINS_PER_IP, windowSeconds: 600, message: waitlistMessages.rateLimited });
  const email = normaliseEmail(input.email);
  const known = await findByEmail(ctx.authDb, email);
  const joined = known && !known.unsubscribedAt ? known : await ctx.authDb.transaction((tx) => addOrReactivate(tx, email, input.ref || undefined));
  if ("token" in joined) await confirmEntry(ctx, caller, joined);
  else await remindEntry(ctx, caller, joined);
  return { emailed: true };
}

/** Takes the entry whose unsubscribe token this is out of the queue (again and again without error); unknown tokens fail with 400. */
export async function unsubscribeFromWaitlist(db: Database, token: string): Promise<{ ok: true }> {
  const updated = await db
    .update(waitlistEntries)
    .set({ unsubscribedAt: sql`COALESCE(${waitlistEntries.unsubscribedAt}, now())` })
    .where(linkedEntry(token))
    .returning({ id: waitlistEntries.id });
  if (updated.length === 0) throw new AppError("unsubscribe_link_invalid", waitlistMessages.unsubscribeInvalid);
  return { ok: true };
}
