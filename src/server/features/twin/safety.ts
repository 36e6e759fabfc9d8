import { KIN_WORDS } from "./support";
import { readAsMeant } from "../../platform/text";
import { sql } from "drizzle-orm";
import { aiIdentityReply, aiNotice, breakPrompt, AI_NOTICE_EVERY_HOURS, AI_NOTICE_SESSION_GAP_MINUTES, checkInLine, crisisReply, parseCrisisResources, resourcesFor } from "../../../contract";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";

/** Which twin a message went to, for the published count of crisis answers (nothing else about it is kept). */
export type TwinSurface = "owner" | "visitor" | "memorial";

const HOUR_MS = 3_600_000;

/** Why the next answer carries the notice: a session starts, or 3 hours of continued use have passed; null when not due. */
export type NoticeReason = "start" | "continued" | null;

/**
 * Whether the next answer carries the notice that the twin is an AI: at the start of a session (no message in the last
 * AI_NOTICE_SESSION_GAP_MINUTES) and when the last notice is AI_NOTICE_EVERY_HOURS old (continued use).
 */
export function noticeReason(lastMessageAt: Date | null, lastNoticeAt: Date | null, now: Date): NoticeReason {
  if (!lastMessageAt || !lastNoticeAt || now.getTime() - lastMessageAt.getTime() >= AI_NOTICE_SESSION_GAP_MINUTES * 60_000) return "start";
  return now.getTime() - lastNoticeAt.getTime() >= AI_NOTICE_EVERY_HOURS * HOUR_MS ? "continued" : null;
}
export const isNoticeDue = (lastMessageAt: Date | null, lastNoticeAt: Date | null, now: Date) => noticeReason(lastMessageAt, lastNoticeAt, now) !== null;

/**
 * The notice's reason from a conversation's stored rows (the owner's twin history, or a visitor's own). `now` is the
 * real time, the clock the rows were stored by (the development clock, which moves days for legacy tests, is not).
 */
export async function noticeDueIn(tx: Transaction, table: "twin_conversations" | "legacy_visitor_messages", where: { userId: string; ownerId?: string }, now: Date): Promise<NoticeReason> {
  const owner = where.ownerId === undefined ? sql`` : sql` AND owner_id = ${where.ownerId}`;
  const result = await tx.execute<{ last_message: Date | null; last_notice: Date | null }>(sql`
    SELECT max(created_at) AS last_message, max(created_at) FILTER (WHERE ai_notice) AS last_notice
    FROM ${sql.identifier(table)} WHERE user_id = ${where.userId}${owner}`);
  const row = result.rows[0];
  const at = (v: Date | string | null | undefined) => (v ? new Date(v) : null);
  return noticeReason(at(row?.last_message), at(row?.last_notice), now);
}

/**
 * The notice's text for a twin of `name`, or null when it is not due. A known minor who has gone on for 3 hours is
 * also asked to take a break (California SB 243).
 */
export const noticeText = (reason: NoticeReason, name: string | null, knownMinor = false) =>
  reason === null ? null : reason === "continued" && knownMinor ? `${aiNotice(name)} ${breakPrompt}` : aiNotice(name);

/** Counts one crisis answer for the Trust page's figure: the day and the kind of twin, nobody's id, no words. */
export const countCrisis = (tx: Transaction, surface: TwinSurface) => tx.execute(sql`SELECT count_crisis(${surface})`);

/** The installation's crisis services, those of the reader's country first (null: as configured). */
const helplines = (ctx: Pick<AppContext, "config">, country: string | null) => resourcesFor(parseCrisisResources(ctx.config.CRISIS_RESOURCES), country);

/** Mindprint's check-in before an answer when the crisis check is unsure, with the crisis services, the reader's country's first. */
export const checkInText = (ctx: Pick<AppContext, "config">, country: string | null = null) => checkInLine(helplines(ctx, country));

/** The answer to a message in crisis, with the crisis services, the reader's country's first. */
export const supportReply = (ctx: Pick<AppContext, "config">, name: string | null, country: string | null = null) => crisisReply(name, helplines(ctx, country));

// "Are you real?", "Is this really you?", "Are you alive?", "Am I talking to a robot?", "Are you a human or an AI?":
// a question about what the twin is, which it answers itself whatever the model, so none can claim to be the person.
const WHAT_IT_IS =
  /\b(?:are\s+you|r\s+u|is\s+(?:this|it)|am\s+i\s+(?:talking|speaking|chatting)\s+(?:to|with))\s+(?:really\s+|actually\s+|truly\s+|still\s+)?(?:a\s+|an\s+)?(?:real|alive|human|person|robot|bot|machine|ai|computer|program|chatbot)\b/iu;
// "Is it really you?", "Are you really Rosa?": the person themself, asked after.
const REALLY_THEM = /\b(?:[Aa]re\s+you|[Ii]s\s+(?:this|it))\s+(?:really|actually|truly)\s+(?:you\b|(?:her|him)\s*[?!.]*$|\p{Lu})/u;
// "Are you really my mum?", "Is this really Grandpa?", asked by family: the person themself, by what they were to the asker.
const KIN = [...KIN_WORDS].join("|");
const REALLY_KIN = new RegExp(`\\b(?:are\\s+you|is\\s+(?:this|that|it))\\s+(?:really\\s+|actually\\s+|truly\\s+)?(?:my\\s+|our\\s+)?(?:${KIN})\\s*[?!.]*$`, "iu");
// "Am I talking to you?", "Who am I talking to?", "Is that really you, Dad?", "Mum, is that you?"; not "Is that you in
// the photo?" nor "Is it you who taught me to swim?": "you" ends the question, but for a word of address.
const TALKING_TO = /\b(?:am\s+i\s+(?:really\s+|actually\s+|truly\s+)?(?:talking|speaking|chatting)\s+(?:to|with)\b|who\s+am\s+i\s+(?:talking|speaking|chatting)\s+(?:to|with)\b|is\s+(?:this|that|it)\s+(?:really\s+|actually\s+|truly\s+)?you\s*(?:,\s*[\p{L}' -]{1,25})?\s*[?!.]*$)/iu;
export const asksWhatItIs = (question: string) => {
  const text = readAsMeant(question).replace(/[’‘]/g, "'").trim();
  return /\?$/.test(text) && (WHAT_IT_IS.test(text) || REALLY_THEM.test(text) || REALLY_KIN.test(text) || TALKING_TO.test(text));
};

/** The twin's own answer about what it is. */
export const identityReply = (name: string | null) => aiIdentityReply(name);

/** How many messages were answered with crisis help in the last `days` days (UTC days, today included): the published figure. */
export async function crisisCountSince(db: Pick<Transaction, "execute">, days: number): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`SELECT crisis_count_since(((now() AT TIME ZONE 'UTC')::date - ${days - 1}::int)) AS n`);
  return Number(result.rows[0]?.n ?? 0);
}

export const crisisAdminUsage = "  npm run admin -- crisis-count [DAYS]   how many messages to any twin were answered with crisis help in the last DAYS days (30)";
