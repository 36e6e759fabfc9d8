import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Where an owner's legacy stands (migration 0022): `active` until a trigger fires, `pending` through the veto window,
 * then `released` (↔ `paused`, → `retired`, the heirs' part). `released_at` is set from the release on, and seals
 * "days after release" count from it. No row means `active`. Row-level secured.
 */
export const legacyReleases = pgTable(
  "legacy_releases",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    state: text("state").notNull().default("active"),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("legacy_releases_state_known", sql`${t.state} IN ('active', 'pending', 'released', 'paused', 'retired')`),
    check("legacy_releases_released_at", sql`(${t.state} IN ('active', 'pending')) = (${t.releasedAt} IS NULL)`),
  ],
);
