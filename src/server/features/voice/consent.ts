import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Readable } from "node:stream";
import {
  legacyMessages,
  VOICE_CONSENT_MAX_SECONDS,
  VOICE_CONSENT_MIN_SECONDS,
  statementDate,
  voiceConsentMessages,
  voiceConsentStatement,
  type VoiceConsent,
  type VoiceConsentCheck,
  type VoiceConsentRevoked,
  type VoiceConsentScope,
  type VoiceConsentState,
  type VoiceSession,
} from "../../../contract";
import type { Transaction } from "../../db/client";
import { voiceConsents, voiceProfiles } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { enqueueJob } from "../../platform/jobs/job-queue";
import { personName } from "../profile";
import { admitConsentUpload, consentListener, hearConsent, type ConsentHearing } from "./consent-check";
import { removeClonesAtEngines, REMOVE_CLONES_JOB, type EngineClone } from "./clone-removal";
import { presentSession, uploadVoiceSession } from "./sessions";

type Row = typeof voiceConsents.$inferSelect;

/** The job removing revoked clones at their engine waits this long, so it does not race the attempt made at once. */
const REMOVAL_JOB_DELAY_MS = 60_000;

function present(row: Row): VoiceConsent {
  return {
    id: row.id,
    scope: row.scope as VoiceConsentScope,
    statement: row.statement,
    sha256: row.sha256,
    durationSeconds: Math.round(row.durationSeconds * 10) / 10,
    voiceSessionId: row.voiceSessionId,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    replaced: row.replaced,
    check: row.checkResult as VoiceConsentCheck,
    phrasesHeard: row.phrasesHeard,
    phrasesListened: row.phrasesListened,
  };
}

const DAY_MS = 86_400_000;

/**
 * The day the statement names is the reader's own today, which is the server's UTC day, the day before or the day
 * after, depending on where they are; anything else (a page left open since yesterday) is refused.
 */
export function isStatementDay(day: string, now: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return false;
  const offset = Date.parse(`${day}T00:00:00Z`) - Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return Math.abs(offset) <= DAY_MS;
}

/** One consent change at a time per owner, so two recordings saved at once cannot both be in force. */
const lockConsents = (tx: Transaction, userId: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('voice_consents:' || ${userId}))`);

/** The consent in force, inside the caller's transaction; null when there is none (never given, or revoked). */
export async function consentInForce(tx: Transaction, userId: string, lock?: "share"): Promise<Row | null> {
  const query = tx
    .select()
    .from(voiceConsents)
    .where(and(eq(voiceConsents.userId, userId), isNull(voiceConsents.revokedAt)));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

/**
 * Refuses, with what to do, when the owner has not consented to their voice being cloned and spoken. The consent row
 * is share-locked until the caller commits, so a revocation waits for a clone being created and then deletes it too.
 */
export async function requireConsent(tx: Transaction, userId: string): Promise<Row> {
  const consent = await consentInForce(tx, userId, "share");
  if (!consent) throw new AppError("voice_consent_required", voiceConsentMessages.required);
  return consent;
}

export async function getVoiceConsent(ctx: AppContext, userId: string): Promise<VoiceConsentState> {
  return withUserScope(ctx.db, userId, async (tx) => {
    const rows = await tx.select().from(voiceConsents).where(eq(voiceConsents.userId, userId)).orderBy(desc(voiceConsents.createdAt), desc(voiceConsents.id));
    const { name } = await personName(tx, userId);
    const current = rows.find((r) => r.revokedAt === null) ?? null;
    return { current: current && present(current), history: rows.filter((r) => r !== current).map(present), name, minimumSeconds: VOICE_CONSENT_MIN_SECONDS };
  });
}

/**
 * Stores the owner reading the statement for `scope` dated `day` (their today) as a consent recording, and the consent itself, in the
 * transaction that writes the recording's row: both or neither. The recording is first checked against the statement
 * (consent-check.ts): one the recogniser does not hear as the statement is refused; without a recogniser it is kept
 * marked "not checked". A consent already in force ends, marked replaced
 * (the clones keep speaking under the new scope).
 */
export async function recordVoiceConsent(
  ctx: AppContext,
  userId: string,
  scope: VoiceConsentScope,
  day: string,
  upload: { file: Readable & { truncated?: boolean } },
  beforeCommit: () => Promise<void>,
): Promise<{ consent: VoiceConsent; session: VoiceSession }> {
  // The legacy rules' clock (real time, moved only by development servers and tests).
  // The reader's today by the real clock; a development server whose clock was moved forward (legacy browser tests)
  // also accepts its own today, as the consent check's test of a fixed recording needs.
  if (!isStatementDay(day, new Date()) && !isStatementDay(day, ctx.clock.now())) throw new AppError("validation_failed", voiceConsentMessages.dayInvalid, { fields: { day: voiceConsentMessages.dayInvalid } });
  const { name } = await withUserScope(ctx.db, userId, (tx) => personName(tx, userId));
  const statement = voiceConsentStatement(name, statementDate(day), scope);
  let recorded: Row | undefined;
  let hearing: ConsentHearing | undefined;
  const release = await admitConsentUpload(userId);
  let session: Awaited<ReturnType<typeof uploadVoiceSession>>;
  try {
    session = await uploadVoiceSession(ctx, userId, upload, {
      beforeCommit,
      consent: {
        check: async (seconds, pcm16k) => {
          if (seconds < VOICE_CONSENT_MIN_SECONDS) throw new AppError("validation_failed", voiceConsentMessages.tooShort, { fields: { audio: voiceConsentMessages.tooShort } });
          // Before anything is kept: a recording that is not the statement is refused and leaves nothing behind.
          hearing = await hearConsent(consentListener(ctx.config), pcm16k, { name, day, scope }, ctx.config.VOICE_CONSENT_CHECK_TIMEOUT_MS);
        },
        maxSeconds: VOICE_CONSENT_MAX_SECONDS,
        afterInsert: async (tx, session) => {
          await lockConsents(tx, userId);
          await tx
            .update(voiceConsents)
            .set({ revokedAt: new Date(), replaced: true })
            .where(and(eq(voiceConsents.userId, userId), isNull(voiceConsents.revokedAt)));
          [recorded] = await tx
            .insert(voiceConsents)
            .values({
              userId,
              voiceSessionId: session.id,
              scope,
              statement,
              sha256: session.sha256!,
              durationSeconds: session.durationSeconds,
              checkResult: hearing!.check,
              phrasesHeard: hearing!.phrasesHeard,
              phrasesListened: hearing!.phrasesListened,
            })
            .returning();
        },
      },
    });
  } finally {
    release();
  }
  return { consent: present(recorded!), session: presentSession(session) };
}

/**
 * Revokes the consent in force. In one transaction the consent ends and every clone's row is deleted, so from the
 * moment it commits no clone trains or speaks; a job to remove the clones at their engine (ElevenLabs) is queued in
 * that same transaction, so a clone kept by a vendor is never forgotten. The removal is then tried at once, and the
 * answer says whether the vendor has done it; the job repeats it later either way (a voice already gone counts as
 * removed).
 */
export async function revokeVoiceConsent(ctx: AppContext, userId: string): Promise<VoiceConsentRevoked> {
  const { count, clones } = await withUserScope(ctx.db, userId, async (tx) => {
    await lockConsents(tx, userId);
    const current = await consentInForce(tx, userId);
    if (!current) throw new AppError("voice_consent_not_found", voiceConsentMessages.notInForce);
    await tx.update(voiceConsents).set({ revokedAt: new Date() }).where(eq(voiceConsents.id, current.id));
    const deleted = await tx
      .delete(voiceProfiles)
      .where(eq(voiceProfiles.userId, userId))
      .returning({ provider: voiceProfiles.provider, voiceId: voiceProfiles.providerVoiceId });
    const atEngines: EngineClone[] = deleted.filter((d) => d.voiceId && d.provider).map((d) => ({ provider: d.provider!, voiceId: d.voiceId! }));
    if (atEngines.length > 0) await enqueueJob(tx, REMOVE_CLONES_JOB, { clones: atEngines }, { maxAttempts: 20, runAfter: new Date(Date.now() + REMOVAL_JOB_DELAY_MS) });
    return { count: deleted.length, clones: atEngines };
  });
  const failed = await removeClonesAtEngines(ctx, clones);
  return {
    ok: true,
    clonesDeleted: count,
    vendorPending: failed.length,
    message: failed.length === 0 ? voiceConsentMessages.revoked(count) : `${voiceConsentMessages.revoked(count)} ${voiceConsentMessages.vendorPending}`,
  };
}

/** From the smallest audience to the largest: a consent may be narrowed along this order, never widened. */
const scopeOrder: VoiceConsentScope[] = ["only-me", "contacts-after-release", "public-memorial"];

/**
 * Narrows the consent in force to `scope` inside the caller's (the owner's) transaction: what an executor may do after
 * release. The statement the owner read stays as it was; its scope is now the smaller one. Refuses a wider or equal
 * scope, and when there is no consent.
 */
export async function narrowConsentScope(tx: Transaction, ownerId: string, scope: VoiceConsentScope): Promise<{ from: VoiceConsentScope; to: VoiceConsentScope }> {
  await lockConsents(tx, ownerId);
  const consent = await consentInForce(tx, ownerId);
  if (!consent) throw new AppError("voice_consent_not_found", voiceConsentMessages.notInForce);
  const from = consent.scope as VoiceConsentScope;
  if (scopeOrder.indexOf(scope) >= scopeOrder.indexOf(from)) throw new AppError("validation_failed", legacyMessages.scopeNotNarrower, { fields: { scope: legacyMessages.scopeNotNarrower } });
  await tx.update(voiceConsents).set({ scope }).where(eq(voiceConsents.id, consent.id));
  return { from, to: scope };
}
