import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { StoredAnswerKind, TwinLineage } from "./twin";
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
    /** After retirement, how long visitors may still read the released memories (migration 0029). */
    retentionMonths: integer("retention_months").notNull().default(12),
    /** The executor's words to visitors while the twin is paused. */
    pauseMessage: text("pause_message"),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /** How far the e-mails announcing opened seals reached. */
    sealsAnnouncedUntil: timestamp("seals_announced_until", { withTimezone: true }),
    /** The owner's own words for how their twin introduces itself to visitors. */
    introduction: text("introduction"),
    /** The public memorial's address, /memorial/{slug}; null: no memorial (migration 0031). */
    memorialSlug: text("memorial_slug"),
    /** Whether search engines may list the memorial (noindex otherwise). */
    memorialIndexing: boolean("memorial_indexing").notNull().default(false),
    /** Who may hear the owner's recordings linked to memories: only-me, contacts-after-release, public-memorial (migration 0048). */
    recordingsAudience: text("recordings_audience").notNull().default("only-me"),
    /** The owner's own words for the public memorial's visitors (migration 0048); null: none. */
    memorialIntroduction: text("memorial_introduction"),
    /** The last reminder sent to the contacts before a retired legacy's reading period ends (30 or 7 days before). */
    erasureRemindedDays: integer("erasure_reminded_days"),
    /** The inactivity trigger (3, 6, 12 or 18 months without a sign-in), and since when it counts; null: off. */
    inactivityMonths: integer("inactivity_months"),
    inactivitySince: timestamp("inactivity_since", { withTimezone: true }),
    /** Whether an accepted contact's death report starts a release. */
    deathReports: boolean("death_reports").notNull().default(true),
    /** The date of death a death report gave (migration 0063); null when none was given or no death was reported. */
    diedOn: date("died_on", { mode: "string" }),
    vetoDays: integer("veto_days").notNull().default(7),
    pendingSince: timestamp("pending_since", { withTimezone: true }),
    pendingReason: text("pending_reason"),
    /** Who reported the death that made the release pending (migration 0064): they never confirm it alone. */
    reportedByContactId: uuid("reported_by_contact_id"),
    vetoUntil: timestamp("veto_until", { withTimezone: true }),
    /** The last "I'm still here" from a reminder's link. */
    stillHereAt: timestamp("still_here_at", { withTimezone: true }),
    /** The last reminder sent before the inactivity deadline (30, 7 or 1 days before), and its link's token hash. */
    remindedDays: integer("reminded_days"),
    stillHereTokenHash: text("still_here_token_hash"),
  },
  (t) => [
    check("legacy_releases_state_known", sql`${t.state} IN ('active', 'pending', 'released', 'paused', 'retired')`),
    check("legacy_releases_released_at", sql`(${t.state} IN ('active', 'pending')) = (${t.releasedAt} IS NULL)`),
  ],
);

/**
 * The people an owner names (migration 0023): up to 10, ordered by `position`, each a `contact` or an `executor`.
 * Invited by e-mail (only the token's SHA-256 is kept, valid until `invite_expires_at`), accepted by signing in with
 * that address (`contact_user_id`). Row-level secured to the owner; a contact reaches it only through the migration's
 * SECURITY DEFINER functions.
 */
export const legacyContacts = pgTable(
  "legacy_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    relationship: text("relationship").notNull(),
    role: text("role").notNull().default("contact"),
    inviteTokenHash: text("invite_token_hash"),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    inviteExpiresAt: timestamp("invite_expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    contactUserId: text("contact_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("legacy_contacts_owner_email").on(t.userId, t.email),
    check("legacy_contacts_role_known", sql`${t.role} IN ('contact', 'executor')`),
    check("legacy_contacts_position_range", sql`${t.position} BETWEEN 1 AND 10`),
  ],
);

/** Contacts who confirmed the pending release (cleared when the owner cancels). Row-level secured to the owner. */
export const legacyConfirmations = pgTable(
  "legacy_confirmations",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => legacyContacts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactId] })],
);

/** Every change of a legacy's state, with who made it and when. Append-only for the app (no update or delete grant). */
export const legacyAudit = pgTable(
  "legacy_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    fromState: text("from_state").notNull(),
    toState: text("to_state").notNull(),
    note: text("note"),
  },
  (t) => [index("legacy_audit_user_at").on(t.userId, t.at)],
);

/** A contact's conversation with the released twin of `ownerId`: the visitor's own rows (row-level secured by user_id). */
export const legacyVisitorMessages = pgTable(
  "legacy_visitor_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Null once the owner's account is deleted: the visitor keeps their conversation. */
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    /** Whose twin it was, as the visitor knew them (for their own export). */
    ownerName: text("owner_name").notNull(),
    messageType: text("message_type").notNull(),
    prompt: text("prompt").notNull(),
    response: text("response").notNull().default(""),
    lineage: jsonb("lineage").$type<TwinLineage>(),
    modelName: text("model_name"),
    /** Whether this answer carried the notice that the twin is an AI (migration 0045: start of a session, then every 3 hours). */
    aiNotice: boolean("ai_notice").notNull().default(false),
    /** Mindprint's crisis check-in was said before this answer (issue 42). */
    checkIn: boolean("check_in").notNull().default(false),
    /** That check-in was raised by the conversation, not by the message alone (migration 0068: once a conversation). */
    checkInByContext: boolean("check_in_by_context").notNull().default(false),
    /** What an answer is (migration 0056): the twin's own, or a message Mindprint gave instead; null for questions. */
    kind: text("kind").$type<StoredAnswerKind>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("legacy_visitor_messages_visitor").on(t.userId, t.ownerId, t.createdAt),
    index("legacy_visitor_messages_owner").on(t.ownerId),
    check("legacy_visitor_messages_type_known", sql`${t.messageType} IN ('user', 'ai')`),
    check("legacy_visitor_messages_kind_known", sql`(${t.messageType} = 'ai' AND ${t.kind} IS NOT NULL AND ${t.kind} IN ('answer', 'support', 'identity', 'notice')) OR (${t.messageType} <> 'ai' AND ${t.kind} IS NULL)`),
  ],
);

/** A document a contact attached to a death report, kept privately for the owner's executors (migration 0030). */
export const legacyDocuments = pgTable(
  "legacy_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => legacyContacts.id, { onDelete: "set null" }),
    uploadedBy: text("uploaded_by").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("legacy_documents_user").on(t.userId, t.createdAt), check("legacy_documents_type_known", sql`${t.contentType} IN ('application/pdf', 'image/jpeg', 'image/png')`)],
);

/**
 * The release's e-mails before they are sent (migration 0047, decision 0033): written in the transaction of the change
 * they tell of, sent and marked by `features/legacy/outbox.ts`. One row per owner, event and recipient. Row-level
 * secured to the owner; the app may only mark a row sent or count an attempt.
 */
export const legacyOutbox = pgTable(
  "legacy_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventKey: text("event_key").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [uniqueIndex("legacy_outbox_event_recipient").on(t.userId, t.eventKey, t.recipient), index("legacy_outbox_unsent").on(t.userId, t.createdAt).where(sql`${t.sentAt} IS NULL`)],
);
