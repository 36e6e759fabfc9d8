import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * First-party product analytics from the public pages, sent only after cookie consent.
 * Deliberately anonymous: no user id, no IP address, no free text; properties are validated per event by the contract.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    source: text("source").notNull(),
    properties: jsonb("properties").$type<Record<string, string>>().notNull().default({}),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("analytics_events_name_created_at_idx").on(t.name, t.createdAt),
    check(
      "analytics_events_known_name",
      sql`${t.name} IN ('Waitlist Navigation', 'Platform Module Clicked', 'How It Works Step Clicked', 'Demo Video Play Clicked')`,
    ),
  ],
);
