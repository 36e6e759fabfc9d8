import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Rate-limit counters, one row per key, each window anchored at its first hit.
 * Kept in PostgreSQL so that several app processes share them. Reached only through rate_limit_hit(),
 * rate_limit_release() and rate_limits_sweep() (migration 0040): the app's role cannot list the keys.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
  /** The window of the last hit: when it has passed, the row counts for nothing and the sweep removes it. */
  windowSeconds: integer("window_seconds").notNull().default(3600),
});

/** The built-in development mailbox: every e-mail the app sends when no SMTP server is configured. */
export const devMailbox = pgTable(
  "dev_mailbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dev_mailbox_created_at_idx").on(t.createdAt)],
);

/**
 * The one job queue (voice training today). A worker claims a row with FOR UPDATE SKIP LOCKED; a row left `running`
 * past its lease (the process died) is claimed again, so work survives a restart. Failures are retried with backoff.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    /** The request that queued it (migration 0038), also when a trigger did, through the transaction's setting. */
    requestId: text("request_id").default(sql`nullif(current_setting('app.request_id', true), '')`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Whose job it is (migration 0041): the person in payload.userId, '' for the service's own. The fair queue and the row rule key on it. */
    ownerKey: text("owner_key").generatedAlwaysAs(sql`coalesce(payload->>'userId', '')`),
  },
  (t) => [
    index("jobs_ready_idx").on(t.status, t.runAfter),
    check("jobs_status_known", sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
  ],
);

/** When each person last signed in (migration 0025): written at every session's creation, kept when sessions go. */
export const userActivity = pgTable("user_activity", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull(),
});
