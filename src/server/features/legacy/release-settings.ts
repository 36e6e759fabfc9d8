import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { legacyMessages, type LegacyState, type ReleaseStatus, type releaseSettingsSchema, type VoiceConsentScope } from "../../../contract";
import type { Transaction } from "../../db/client";
import { legacyAudit, legacyReleases, profiles } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { pgErrorCode } from "../../platform/pg-error-code";
import { consumeRateLimit } from "../../platform/rate-limit";
import { lastSignIn } from "../../platform/sign-ins";
import type { LegacyDeps } from "./deps";
import { ownDocuments } from "./documents-read";
import { audit, confirmationsNeeded, currentRow, monthsMs, releaseRow } from "./release-rows";

type Settings = z.output<typeof releaseSettingsSchema>;

/** How often an owner may change their memorial address in an hour: enough to correct a typo, too few to squat. */
const MEMORIAL_ADDRESS_CHANGES_PER_HOUR = 5;

/** The owner's view: state, settings, what a pending release waits for, and the audit log, newest first. */
export async function statusOf(tx: Transaction, ownerId: string, now: Date): Promise<ReleaseStatus> {
  const row = await currentRow(tx, ownerId);
  const entries = await tx.select().from(legacyAudit).where(eq(legacyAudit.userId, ownerId)).orderBy(sql`${legacyAudit.at} DESC`).limit(100);
  let pending: ReleaseStatus["pending"] = null;
  if (row.state === "pending") {
    const needed = await confirmationsNeeded(tx, ownerId);
    const waitingFor = [
      ...(now.getTime() < row.vetoUntil!.getTime() ? [`the waiting period, until ${row.vetoUntil!.toISOString()}`] : []),
      ...(needed.needs ? [needed.needs] : []),
    ];
    pending = {
      reason: row.pendingReason as "inactivity" | "death_report",
      since: row.pendingSince!.toISOString(),
      vetoUntil: row.vetoUntil!.toISOString(),
      confirmedBy: needed.confirmedBy.map((c) => ({ ...c, at: c.at.toISOString() })),
      waitingFor,
    };
  }
  const signedIn = (await lastSignIn(tx, ownerId))?.getTime() ?? 0;
  const base = row.inactivitySince ? Math.max(row.inactivitySince.getTime(), signedIn, row.stillHereAt?.getTime() ?? 0) : null;
  const documents = await ownDocuments(tx, ownerId);
  return {
    state: row.state as LegacyState,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    settings: { inactivityMonths: row.inactivityMonths, deathReports: row.deathReports, vetoDays: row.vetoDays, retentionMonths: row.retentionMonths, introduction: row.introduction, memorialSlug: row.memorialSlug, memorialIndexing: row.memorialIndexing, recordingsAudience: row.recordingsAudience as VoiceConsentScope, memorialIntroduction: row.memorialIntroduction },
    inactivityDeadline: row.state === "active" && row.inactivityMonths && base !== null ? new Date(base + monthsMs(row.inactivityMonths)).toISOString() : null,
    pending,
    audit: entries.map((e) => ({ at: e.at.toISOString(), actor: e.actor, action: e.action, fromState: e.fromState, toState: e.toState, note: e.note })),
    documents,
  };
}

export function getRelease(deps: LegacyDeps, ownerId: string): Promise<ReleaseStatus> {
  return withUserScope(deps.db, ownerId, (tx) => statusOf(tx, ownerId, deps.now()));
}

/**
 * Sets the triggers, the veto window, the reading period after retirement, the twin's introduction, the public
 * memorial (its address, listing and the owner's words for it) and who may hear the owner's recordings; turning
 * inactivity on (or changing it) starts its count now. A memorial address someone else has is refused.
 */
export async function saveReleaseSettings(deps: LegacyDeps, ownerId: string, settings: Settings): Promise<ReleaseStatus> {
  // A change of memorial address is rate-limited (SECURITY.md 55), counted before the change's transaction so no
  // connection is held while the count takes another.
  if (settings.memorialSlug !== undefined) {
    const current = await withUserScope(deps.db, ownerId, async (tx) => (await currentRow(tx, ownerId)).memorialSlug);
    if (settings.memorialSlug !== current) {
      await consumeRateLimit(deps.db, { key: `memorial-address:${ownerId}`, limit: MEMORIAL_ADDRESS_CHANGES_PER_HOUR, windowSeconds: 3600, message: legacyMessages.memorialSlugTooOften });
    }
  }
  return withUserScope(deps.db, ownerId, async (tx) => {
    const now = deps.now();
    const row = await releaseRow(tx, ownerId);
    if (settings.memorialSlug && settings.memorialSlug !== row.memorialSlug) {
      // The memorial shows the owner's name to anyone: never their e-mail address, so a name must be there.
      const [named] = await tx.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, ownerId));
      if (!named?.firstName?.trim()) throw new AppError("validation_failed", legacyMessages.memorialNeedsName, { fields: { memorialSlug: legacyMessages.memorialNeedsName } });
      // An address once used by someone else (even one they left, or whose account is gone) is never handed on.
      const [claim] = (await tx.execute<{ ok: boolean }>(sql`SELECT claim_memorial_address(${settings.memorialSlug}) AS ok`)).rows;
      if (!claim?.ok) throw new AppError("memorial_slug_taken", legacyMessages.memorialSlugTaken, { fields: { memorialSlug: legacyMessages.memorialSlugTaken } });
    }
    // Closing the memorial lets go of its address (unless it was public: the migration 0065's rule).
    if (settings.memorialSlug === null && row.memorialSlug) await tx.execute(sql`SELECT free_memorial_addresses()`);
    const inactivitySince = settings.inactivityMonths === null ? null : row.inactivityMonths === settings.inactivityMonths && row.inactivitySince ? row.inactivitySince : now;
    const update = tx
      .update(legacyReleases)
      .set({
        ...settings,
        // Left out: unchanged; empty: back to the default words.
        introduction: settings.introduction === undefined ? undefined : settings.introduction || null,
        memorialIntroduction: settings.memorialIntroduction === undefined ? undefined : settings.memorialIntroduction || null,
        inactivitySince,
        remindedDays: inactivitySince === row.inactivitySince ? row.remindedDays : null,
        // A new reading period after retirement gets its own reminders.
        erasureRemindedDays: settings.retentionMonths !== undefined && settings.retentionMonths !== row.retentionMonths ? null : row.erasureRemindedDays,
        updatedAt: now,
      })
      .where(eq(legacyReleases.userId, ownerId));
    await update.catch((error: unknown) => {
      if (pgErrorCode(error) === "23505") throw new AppError("memorial_slug_taken", legacyMessages.memorialSlugTaken, { fields: { memorialSlug: legacyMessages.memorialSlugTaken } });
      throw error;
    });
    const retention = settings.retentionMonths ?? row.retentionMonths;
    const memorial = settings.memorialSlug === undefined ? row.memorialSlug : settings.memorialSlug;
    const describe = `inactivity ${settings.inactivityMonths ? `${settings.inactivityMonths} months` : "off"}, death reports ${settings.deathReports ? "on" : "off"}, waiting period ${settings.vetoDays} days, readable ${retention} months after retirement, ${memorial ? `public memorial at /memorial/${memorial}${(settings.memorialIndexing ?? row.memorialIndexing) ? " (listed by search engines)" : ""}` : "no public memorial"}, recordings heard by ${settings.recordingsAudience ?? row.recordingsAudience}`;
    await audit(tx, ownerId, now, { kind: "owner" }, "Release settings changed", row.state as LegacyState, row.state as LegacyState, describe);
    return statusOf(tx, ownerId, now);
  });
}

