import { sql, type SQL } from "drizzle-orm";
import type { MemoryVisibility } from "../../../contract";

/**
 * Who is reading: the owner; one of the owner's accepted legacy contacts; or anyone, on the public memorial.
 * Every feature that shows or uses a memory takes one (DESIGN.md 6b, SECURITY.md 31).
 */
export type Reader = { kind: "owner" } | { kind: "contact"; contactId: string } | { kind: "public" };

export type ReleaseState = "active" | "pending" | "released" | "paused" | "retired";

/** Where the owner's legacy stands (legacy_releases; no row is `active`). */
export interface Release {
  state: ReleaseState;
  releasedAt: Date | null;
}

export const NOT_RELEASED: Release = { state: "active", releasedAt: null };

/** What the rule needs to know about one memory. */
export interface MemoryFacts {
  visibility: MemoryVisibility;
  /** A calendar day, YYYY-MM-DD: sealed before its start (UTC). */
  sealedUntil: string | null;
  sealedDaysAfterRelease: number | null;
  hiddenFromTwin: boolean;
}

/** What a reader may do with a memory: read it, let the twin draw on it, and see it cited. */
export interface Access {
  see: boolean;
  twinMayUse: boolean;
  twinMayCite: boolean;
}

const DAY_MS = 86_400_000;
const NONE: Access = { see: false, twinMayUse: false, twinMayCite: false };

/** Whether a seal still holds at `now`. A seal counted from release holds while there has been no release. */
export function isSealed(memory: Pick<MemoryFacts, "sealedUntil" | "sealedDaysAfterRelease">, release: Release, now: Date): boolean {
  if (memory.sealedUntil !== null && Date.parse(`${memory.sealedUntil}T00:00:00Z`) > now.getTime()) return true;
  if (memory.sealedDaysAfterRelease !== null) {
    if (!release.releasedAt) return true;
    return release.releasedAt.getTime() + memory.sealedDaysAfterRelease * DAY_MS > now.getTime();
  }
  return false;
}

/**
 * The reader rule. The owner reads everything they wrote and their twin uses all but what they hid from it.
 * Nobody else reads anything before release. After release (and while paused or retired) a contact reads `family`
 * and `public` memories and the public reads `public` ones, once their seals have opened. The twin speaks for others
 * only while released: for a contact from `family`, `public` and `twin-only` memories (the last never cited, listed or
 * quoted), for the public from `public` ones; never from a sealed memory or one the owner hid from the twin. A
 * `private` memory reaches nobody but the owner, ever.
 */
export function accessOf(reader: Reader, release: Release, memory: MemoryFacts, now: Date): Access {
  if (reader.kind === "owner") return { see: true, twinMayUse: !memory.hiddenFromTwin, twinMayCite: !memory.hiddenFromTwin };
  if (release.state === "active" || release.state === "pending") return NONE;
  if (memory.visibility === "private" || isSealed(memory, release, now)) return NONE;
  const readable = reader.kind === "contact" ? memory.visibility === "family" || memory.visibility === "public" : memory.visibility === "public";
  const twinSpeaks = release.state === "released" && !memory.hiddenFromTwin;
  const twinMayUse = twinSpeaks && (readable || (reader.kind === "contact" && memory.visibility === "twin-only"));
  return { see: readable, twinMayUse, twinMayCite: twinSpeaks && readable };
}

/**
 * The same rule as a condition on `memories m` in SQL, for queries that must not read what the reader may not
 * (tested against accessOf over every combination). `use` picks the question: may the reader see it, or may the twin
 * use it for them. The owner's user id and the release come from the caller, who read them for this owner.
 */
export function memoryAccessSql(reader: Reader, release: Release, now: Date, use: "see" | "twinMayUse" | "twinMayCite"): SQL {
  if (reader.kind === "owner") return use === "see" ? sql`true` : sql`NOT m.hidden_from_twin`;
  if (release.state === "active" || release.state === "pending") return sql`false`;
  // Days after release are whole 24-hour days, as in isSealed, whatever the session's time zone.
  const today = now.toISOString();
  const releasedAt = release.releasedAt?.toISOString() ?? null;
  const unsealed = sql`(m.sealed_until IS NULL OR m.sealed_until::timestamp AT TIME ZONE 'UTC' <= ${today}::timestamptz)
    AND (m.sealed_days_after_release IS NULL OR (${releasedAt}::timestamptz IS NOT NULL
      AND ${releasedAt}::timestamptz + make_interval(hours => 24 * m.sealed_days_after_release) <= ${today}::timestamptz))`;
  const readable = reader.kind === "contact" ? sql`m.visibility IN ('family', 'public')` : sql`m.visibility = 'public'`;
  if (use === "see") return sql`(${readable} AND ${unsealed})`;
  if (release.state !== "released") return sql`false`;
  const usable = use === "twinMayUse" && reader.kind === "contact" ? sql`m.visibility IN ('family', 'public', 'twin-only')` : readable;
  return sql`(${usable} AND ${unsealed} AND NOT m.hidden_from_twin)`;
}
