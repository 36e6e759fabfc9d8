import { sql } from "drizzle-orm";
import type { z } from "zod";
import { legacyMessages, MEMORIAL_SLUG_PATTERN, type MemorialPage, type ReleasedMemories, type releasedMemoriesQuerySchema } from "../../../contract";
import { withMemorialScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import type { LegacyDeps } from "./deps";
import { memoryAccessSql, type Reader, type Release } from "./reader-rule";
import { memoriesPage, recordingOf, type HeardRecording } from "./reading";
import { yearOf } from "./story";

type Query = z.output<typeof releasedMemoriesQuerySchema>;

/** A public memorial as its anonymous visitors reach it: whose, where the legacy stands, and the owner's wishes for it. */
export interface MemorialLegacy {
  slug: string;
  ownerId: string;
  ownerName: string;
  reader: Reader;
  release: Release & { state: "released" | "paused" | "retired" };
  readableUntil: Date | null;
  indexing: boolean;
}

const notFound = () => new AppError("memorial_not_found", legacyMessages.memorialNotFound);

/**
 * The memorial at `slug`, read in the memorial's own scope (memorial_release(), migration 0031): 404 unless its owner
 * opened one at this address and their legacy has been released (and, once retired, only within the reading period).
 * Nothing about the owner is told otherwise: an unknown address and a memorial not yet released look the same.
 */
export async function memorialFor(deps: LegacyDeps, slug: string | undefined): Promise<MemorialLegacy> {
  if (!slug || !MEMORIAL_SLUG_PATTERN.test(slug)) throw notFound();
  const [row] = await withMemorialScope(deps.db, { slug, now: deps.now() }, (tx) =>
    tx
      .execute<{
        owner_id: string;
        owner_name: string;
        state: "released" | "paused" | "retired";
        released_at: string;
        readable_until: string | null;
        indexing: boolean;
      }>(sql`SELECT * FROM memorial_release()`)
      .then((r) => r.rows),
  );
  if (!row) throw notFound();
  return {
    slug,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    reader: { kind: "public" },
    release: { state: row.state, releasedAt: new Date(row.released_at) },
    readableUntil: row.readable_until ? new Date(row.readable_until) : null,
    indexing: row.indexing,
  };
}

/** Why the memorial's twin does not answer now (paused or retired by the family), or null while it does. */
export function memorialUnavailable(memorial: MemorialLegacy): string | null {
  if (memorial.release.state === "paused") return legacyMessages.memorialPaused(memorial.ownerName);
  if (memorial.release.state === "retired") return legacyMessages.memorialRetired(memorial.ownerName);
  return null;
}

/** The memorial's own facts (memorial_story(), migration 0048): birthday, day of the death report, the owner's public words, the recordings audience. */
async function memorialStory(deps: LegacyDeps, memorial: MemorialLegacy) {
  const [row] = await withMemorialScope(deps.db, { slug: memorial.slug, now: deps.now() }, (tx) =>
    tx
      .execute<{ birthday: string | null; died_on: string | null; introduction: string | null; recordings_audience: string }>(
        sql`SELECT birthday::text, died_on::text, introduction, recordings_audience FROM memorial_story()`,
      )
      .then((r) => r.rows),
  );
  return {
    birthday: row?.birthday ?? null,
    diedOn: row?.died_on ?? null,
    introduction: row?.introduction ?? null,
    hearsRecordings: row?.recordings_audience === "public-memorial",
    releasedAt: memorial.release.releasedAt,
  };
}

/** What the memorial's page says about its owner and their twin: the name, the years, the owner's words for visitors. */
export async function getMemorial(deps: LegacyDeps, slug: string | undefined): Promise<MemorialPage> {
  const memorial = await memorialFor(deps, slug);
  const story = await memorialStory(deps, memorial);
  return {
    ownerName: memorial.ownerName,
    state: memorial.release.state,
    // The twin's introduction and the executor's pause note were written for the people named; the public hears the
    // honest default and the plain reason. The owner's words for the public are `introduction`.
    intro: legacyMessages.memorialIntro(memorial.ownerName),
    unavailable: memorialUnavailable(memorial),
    executorMessage: null,
    indexing: memorial.indexing,
    readableUntil: memorial.readableUntil?.toISOString() ?? null,
    years: { born: yearOf(story.birthday), died: yearOf(story.diedOn) },
    introduction: story.introduction,
  };
}

/** The memorial's public memories whose seals have opened, in the order they happened, by theme and decade; nothing about sealed ones. */
export async function listMemorialMemories(deps: LegacyDeps, slug: string | undefined, query: Query): Promise<ReleasedMemories> {
  const memorial = await memorialFor(deps, slug);
  const story = await memorialStory(deps, memorial);
  const now = deps.now();
  const page = await withMemorialScope(
    deps.db,
    { slug: memorial.slug, now },
    (tx) => memoriesPage(tx, memorial.ownerId, memoryAccessSql(memorial.reader, memorial.release, now, "see"), query, story),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return { ownerName: memorial.ownerName, state: memorial.release.state, ...page, sealed: [] };
}

/** The owner's recording of a memorial memory, when they let the public hear their recordings; 404 otherwise, like an unknown address. */
export async function memorialMemoryRecording(deps: LegacyDeps, slug: string | undefined, memoryId: string): Promise<HeardRecording> {
  const memorial = await memorialFor(deps, slug);
  const story = await memorialStory(deps, memorial);
  const now = deps.now();
  const found = await withMemorialScope(deps.db, { slug: memorial.slug, now }, (tx) =>
    recordingOf(tx, memorial.ownerId, memoryId, memoryAccessSql(memorial.reader, memorial.release, now, "see"), story.hearsRecordings),
  );
  if (!found) throw new AppError("not_found", legacyMessages.recordingNotFound);
  return found;
}

/**
 * The X-Robots-Tag for a page of the web app: a memorial page is `noindex` unless it is open and its owner allowed
 * search engines to list it (an unknown or closed one too). Other pages carry their own robots meta tag.
 */
export const memorialRobotsTag =
  (deps: LegacyDeps) =>
  async (urlPath: string): Promise<string | null> => {
    const slug = /^\/memorial\/([a-z0-9-]+)\/?$/.exec(urlPath)?.[1];
    if (slug === undefined) return null;
    const indexing = await memorialFor(deps, slug).then(
      (memorial) => memorial.indexing,
      () => false,
    );
    return indexing ? null : "noindex, nofollow";
  };
