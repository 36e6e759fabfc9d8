import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { legacyMessages, type ReleasedMemories, type ReleasedMemoriesFile, type releasedMemoriesQuerySchema } from "../../../contract";
import type { Transaction } from "../../db/client";
import type { MemorySqlRow } from "../../db/schema";
import { withReaderScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import type { LegacyDeps } from "./deps";
import { memoryAccessSql, type Reader, type Release } from "./reader-rule";
import { ownerFor, ownerNaming } from "./contact-owner";
import { ageWhen } from "./story";

type Query = z.output<typeof releasedMemoriesQuerySchema>;
type MemoryRow = MemorySqlRow & { context: string | null; recording_seconds: number | null; opened_on: string | null };
type Presented = ReleasedMemories["memories"][number];

/**
 * What a reader's page needs beyond the memories: the owner's birthday (for ages), whether this reader hears
 * recordings, and when the legacy was released (the day a seal of "some days after release" opened).
 */
export interface StoryFacts {
  birthday: string | null;
  hearsRecordings: boolean;
  releasedAt: Date | null;
}

const presentMemory =
  (story: StoryFacts) =>
  (m: MemoryRow): Presented => ({
    id: m.id,
    content: m.content,
    emotion: m.emotion as Presented["emotion"],
    category: m.category as Presented["category"],
    tags: m.tags,
    createdAt: new Date(m.created_at).toISOString(),
    happenedOn: m.happened_on,
    age: ageWhen(story.birthday, m.happened_on),
    question: m.context,
    recording: m.recording_seconds === null ? null : { durationSeconds: Number(m.recording_seconds) },
    openedOn: m.opened_on,
  });

/**
 * The columns every reader's page shows, from `memories m`. The recording comes through a join on `voice_sessions`,
 * which that table's own policy (migration 0048) narrows to what this reader may hear, and `hears` narrows again.
 */
const storyColumns = (story: StoryFacts) => sql`m.id, m.content, m.emotion, m.category, m.tags, m.created_at, m.happened_on, m.context,
  (SELECT v.duration_seconds FROM voice_sessions v WHERE ${story.hearsRecordings} AND v.id = m.voice_session_id AND v.user_id = m.user_id) AS recording_seconds,
  (CASE WHEN m.sealed_until IS NOT NULL THEN m.sealed_until
        WHEN m.sealed_days_after_release IS NOT NULL THEN (${story.releasedAt?.toISOString() ?? null}::timestamptz AT TIME ZONE 'UTC')::date + m.sealed_days_after_release
   END)::text AS opened_on`;
/** Time order: when it happened, the undated after; ties and the undated in the order they were written. */
const timeOrder = sql`m.happened_on ASC NULLS LAST, m.created_at ASC, m.id ASC`;

/** A contact reading the legacy of the person who named them: who, where it stands, and their reader for the rule. */
export interface ReleasedLegacy {
  ownerId: string;
  ownerName: string;
  reader: Reader;
  release: Release & { state: "released" | "paused" | "retired" };
  /** The executor's words to visitors while paused. */
  pauseMessage: string | null;
  /** The owner's own words for the twin's introduction, if they wrote some. */
  introduction: string | null;
  /** Who the reader is to the owner, as the owner wrote it ("eldest daughter"): the twin hears kin words from their side. */
  relationship: string;
  /** The reader's name as the owner wrote it ("Ada Morris"): the twin speaks to them where a memory names them. */
  contactName: string;
}

/**
 * The released legacy the signed-in reader reaches through this contact row: 404 when the row does not name them,
 * 409 with the reason before release. Read in the reader's scope, so the database answers only to an accepted contact.
 */
export async function releasedLegacyFor(deps: LegacyDeps, readerId: string, contactId: string | undefined): Promise<ReleasedLegacy> {
  const { ownerId, ownerName, state: known, relationship, contactName } = await ownerNaming(deps, readerId, contactId);
  const [state] = await withReaderScope(deps.db, { readerId, ownerId, now: deps.now() }, (tx) =>
    tx
      .execute<{ state: "released" | "paused" | "retired"; released_at: string; pause_message: string | null; introduction: string | null }>(
        sql`SELECT r.state, r.released_at, n.pause_message, n.introduction FROM legacy_reader_release() r, legacy_reader_notice() n`,
      )
      .then((r) => r.rows),
  );
  if (!state) throw new AppError("legacy_not_released", known === "retired" ? legacyMessages.retiredEnded(ownerName) : legacyMessages.notReleased(ownerName));
  return {
    ownerId,
    ownerName,
    reader: { kind: "contact", contactId: contactId! },
    release: { state: state.state, releasedAt: new Date(state.released_at) },
    pauseMessage: state.pause_message,
    introduction: state.introduction,
    relationship,
    contactName,
  };
}

/**
 * One page of the memories `sees` admits, in the order they happened (the undated after), in the theme and decade asked
 * for, with every theme's and decade's count. The caller's transaction is a reader's (withReaderScope,
 * withMemorialScope), so the database's policies hold the same line for the memories and their recordings.
 */
export async function memoriesPage(tx: Transaction, ownerId: string, sees: SQL, query: Query, story: StoryFacts): Promise<Pick<ReleasedMemories, "memories" | "total" | "themes" | "decades">> {
  const theme = query.category ? sql`AND m.category = ${query.category}` : sql``;
  const decade = query.decade === undefined ? sql`` : sql`AND m.happened_on >= ${String(query.decade)} AND m.happened_on < ${String(query.decade + 10)}`;
  const page = await tx.execute<MemoryRow>(sql`
    SELECT ${storyColumns(story)} FROM memories m
     WHERE m.user_id = ${ownerId} AND ${sees} ${theme} ${decade}
     ORDER BY ${timeOrder} LIMIT ${query.limit} OFFSET ${query.offset}`);
  // Themes are counted within the decade chosen and decades within the theme, so each filter shows what the other leaves.
  const themes = await tx.execute<{ category: string; count: number }>(sql`
    SELECT m.category, count(*)::int AS count FROM memories m WHERE m.user_id = ${ownerId} AND ${sees} ${decade}
     GROUP BY m.category ORDER BY count(*) DESC, m.category`);
  const decades = await tx.execute<{ decade: number; count: number }>(sql`
    SELECT (substr(m.happened_on, 1, 3) || '0')::int AS decade, count(*)::int AS count FROM memories m
     WHERE m.user_id = ${ownerId} AND ${sees} ${theme} AND m.happened_on IS NOT NULL
     GROUP BY 1 ORDER BY 1`);
  const counts = themes.rows.map((t) => ({ category: t.category as ReleasedMemories["themes"][number]["category"], count: Number(t.count) }));
  const total = await tx.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM memories m WHERE m.user_id = ${ownerId} AND ${sees} ${theme} ${decade}`);
  return {
    memories: page.rows.map(presentMemory(story)),
    total: Number(total.rows[0]?.count ?? 0),
    themes: counts,
    decades: decades.rows.map((d) => ({ decade: Number(d.decade), count: Number(d.count) })),
  };
}

/** The owner's birthday and recordings audience as a contact reads them (legacy_reader_story(), migration 0048). */
async function readerStory(tx: Transaction): Promise<Omit<StoryFacts, "releasedAt">> {
  const [row] = (await tx.execute<{ birthday: string | null; recordings_audience: string }>(sql`SELECT birthday::text, recordings_audience FROM legacy_reader_story()`)).rows;
  return { birthday: row?.birthday ?? null, hearsRecordings: row?.recordings_audience === "contacts-after-release" || row?.recordings_audience === "public-memorial" };
}

/**
 * What a contact may read of the person who named them: after release, their `family` and `public` memories whose
 * seals have opened, in the order they happened, by theme and decade, with their dates, ages, questions and recordings, and the days on which sealed ones open. Read in the reader's scope
 * (withReaderScope), so the database's own policy holds the same line as the reader rule applied here.
 */
export async function listReleasedMemories(deps: LegacyDeps, readerId: string, contactId: string | undefined, query: Query): Promise<ReleasedMemories> {
  const { ownerId, ownerName, reader, release } = await releasedLegacyFor(deps, readerId, contactId);
  const now = deps.now();
  return withReaderScope(
    deps.db,
    { readerId, ownerId, now },
    async (tx) => {
      const page = await memoriesPage(tx, ownerId, memoryAccessSql(reader, release, now, "see"), query, { ...(await readerStory(tx)), releasedAt: release.releasedAt });
      const sealed = await tx.execute<{ opens_on: string; count: number }>(sql`SELECT opens_on::text, count FROM legacy_reader_sealed_days()`);
      return { ownerName, state: release.state, ...page, sealed: sealed.rows.map((s) => ({ opensOn: s.opens_on, count: Number(s.count) })) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Everything a contact may read of the owner, in the order it happened, as one file: what an executor may download. */
export async function releasedMemoriesFile(deps: LegacyDeps, readerId: string, contactId: string | undefined): Promise<ReleasedMemoriesFile> {
  const legacy = await releasedLegacyFor(deps, readerId, contactId);
  const { role } = await ownerFor(deps, readerId, contactId!);
  if (role !== "executor") throw new AppError("access_denied", legacyMessages.downloadExecutorOnly);
  const now = deps.now();
  const { story, rows } = await withReaderScope(deps.db, { readerId, ownerId: legacy.ownerId, now }, async (tx) => {
    const story = { ...(await readerStory(tx)), releasedAt: legacy.release.releasedAt };
    const rows = await tx.execute<MemoryRow>(sql`
      SELECT ${storyColumns(story)} FROM memories m
       WHERE m.user_id = ${legacy.ownerId} AND ${memoryAccessSql(legacy.reader, legacy.release, now, "see")}
       ORDER BY ${timeOrder}`);
    return { story, rows };
  });
  return { ownerName: legacy.ownerName, exportedAt: now.toISOString(), memories: rows.rows.map(presentMemory(story)) };
}

/** A stored recording a reader was admitted to, as the route streams it. */
export interface HeardRecording {
  storageKey: string;
  filename: string;
}

/**
 * The owner's recording linked to memory `memoryId`, for a reader in a reader's or the memorial's scope: only when
 * `sees` admits the memory and `hears` is true; the policy on `voice_sessions` (migration 0048) checks it again.
 */
export async function recordingOf(tx: Transaction, ownerId: string, memoryId: string, sees: SQL, hears: boolean): Promise<HeardRecording | null> {
  if (!hears) return null;
  const [row] = (
    await tx.execute<{ id: string; storage_key: string }>(sql`
      SELECT v.id, v.storage_key FROM memories m JOIN voice_sessions v ON v.id = m.voice_session_id AND v.user_id = m.user_id
       WHERE m.id = ${memoryId} AND m.user_id = ${ownerId} AND ${sees}`)
  ).rows;
  return row ? { storageKey: row.storage_key, filename: `memory-${memoryId}.webm` } : null;
}

/**
 * The owner's recording of a released memory, for the contact this row names, when the owner's recordings audience
 * reaches contacts. Anything else (another person, before release, a memory they may not read, "only me") is 404.
 */
export async function releasedMemoryRecording(deps: LegacyDeps, readerId: string, contactId: string | undefined, memoryId: string): Promise<HeardRecording> {
  const notFound = new AppError("not_found", legacyMessages.recordingNotFound);
  const legacy = await releasedLegacyFor(deps, readerId, contactId).catch(() => {
    throw notFound;
  });
  const now = deps.now();
  const found = await withReaderScope(
    deps.db,
    { readerId, ownerId: legacy.ownerId, now },
    async (tx) => recordingOf(tx, legacy.ownerId, memoryId, memoryAccessSql(legacy.reader, legacy.release, now, "see"), (await readerStory(tx)).hearsRecordings),
    { accessMode: "read only" },
  );
  if (!found) throw notFound;
  return found;
}
