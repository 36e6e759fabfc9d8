import { exportAttempts, exportScenarioAnswers } from "../personality";
import { exportBiometrics } from "../biometrics";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ConsciousnessExport,
} from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { ageChecks, aiReflections, legacyContacts, legacyReleases, memories, memoryVersions, profiles, twinConversations, twinInsights, user, validationFeedback, voiceConsents, voiceProfiles, voiceSessions, voiceTranscripts, legacyVisitorMessages, people } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { toMemory, toMemoryVersion } from "../memories";
import { ANSWER_SOURCE_GONE, withheldAnswerIds } from "../twin";
import { completeness, mappingProgress, readPersonFigures } from "../overview";
import { exportRow } from "./rows";

/** Memories are read and written in pages of this size, so a large vault never sits in memory at once. */
export const EXPORT_PAGE_SIZE = 100;

type Head = Omit<ConsciousnessExport, "memories">;
type ExportedMemory = ConsciousnessExport["memories"]["data"][number];

/** Everything but the memories: small enough to build whole. */
async function readHead(tx: Transaction, userId: string, now: Date, withheld: Set<string>): Promise<Head> {
  const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
  const figures = await readPersonFigures(tx, userId);
  const emotions = await tx
    .select({ emotion: memories.emotion, count: count() })
    .from(memories)
    .where(eq(memories.userId, userId))
    .groupBy(memories.emotion)
    .orderBy(desc(count()), memories.emotion);
  const [reflection] = await tx.select().from(aiReflections).where(eq(aiReflections.userId, userId));
  const answers = await tx.select().from(validationFeedback).where(eq(validationFeedback.userId, userId)).orderBy(asc(validationFeedback.createdAt), asc(validationFeedback.id));
  const talk = await tx.select().from(twinConversations).where(eq(twinConversations.userId, userId)).orderBy(asc(twinConversations.createdAt), asc(twinConversations.id));
  const voices = await tx.select().from(voiceProfiles).where(eq(voiceProfiles.userId, userId)).orderBy(asc(voiceProfiles.createdAt));
  const insights = await tx.select().from(twinInsights).where(eq(twinInsights.userId, userId)).orderBy(asc(twinInsights.kind));
  const sessions = await tx.select().from(voiceSessions).where(eq(voiceSessions.userId, userId)).orderBy(desc(voiceSessions.createdAt));
  const transcripts = await tx.select().from(voiceTranscripts).where(eq(voiceTranscripts.userId, userId));
  const visits = await tx
    .select()
    .from(legacyVisitorMessages)
    .where(eq(legacyVisitorMessages.userId, userId))
    .orderBy(asc(legacyVisitorMessages.createdAt), asc(legacyVisitorMessages.id));
  const consents = await tx.select().from(voiceConsents).where(eq(voiceConsents.userId, userId)).orderBy(desc(voiceConsents.createdAt));
  const [legacy] = await tx.select().from(legacyReleases).where(eq(legacyReleases.userId, userId));
  const [age] = await tx.select().from(ageChecks).where(eq(ageChecks.userId, userId));
  const contacts = await tx.select().from(legacyContacts).where(eq(legacyContacts.userId, userId)).orderBy(asc(legacyContacts.position), asc(legacyContacts.createdAt));
  const known = await tx.select().from(people).where(eq(people.userId, userId)).orderBy(asc(people.createdAt), asc(people.id));
  const counted = <T>(data: T[]) => ({ count: data.length, data });
  return {
    metadata: { exportDate: now.toISOString(), version: EXPORT_VERSION, platform: "Mindprint", format: EXPORT_FORMAT },
    profile: {
      email: owner?.email ?? "",
      firstName: profile?.firstName ?? null,
      birthday: profile?.birthday ?? null,
      legacyPreference: (profile?.legacyPreference as Head["profile"]["legacyPreference"]) ?? null,
      userIntents: (profile?.userIntents ?? []) as Head["profile"]["userIntents"],
      primaryIntent: (profile?.primaryIntent as Head["profile"]["primaryIntent"]) ?? null,
      onboardingComplete: profile?.onboardingComplete ?? false,
      createdAt: (profile?.createdAt ?? now).toISOString(),
    },
    consciousness: {
      state: { cognitiveLoad: null, attentionFocus: null, emotionalValence: null, stressResponse: null, authenticityScore: null, currentEmotion: null },
      biometrics: counted(await exportBiometrics(tx, userId)),
      completeness: completeness(figures),
    },
    personality: {
      traits: reflection?.traitsUsed ?? [],
      patterns: { emotions: emotions as Head["personality"]["patterns"]["emotions"], mapping: mappingProgress(figures) },
      preferences: { legacyPreference: profile?.legacyPreference ?? null, userIntents: profile?.userIntents ?? [], primaryIntent: profile?.primaryIntent ?? null },
    },
    reflection: reflection
      ? { summary: reflection.summary, traitsUsed: reflection.traitsUsed, modelName: reflection.modelName, createdAt: reflection.createdAt.toISOString(), updatedAt: reflection.updatedAt.toISOString() }
      : null,
    calibrationAnswers: counted(answers.map(exportRow.calibration)),
    conversations: counted(talk.map(exportRow.conversation)),
    voiceProfiles: counted(voices.map(exportRow.voiceProfile)),
    voiceSessions: counted(sessions.map((s) => exportRow.voiceSession(s, transcripts.find((t) => t.voiceSessionId === s.id)))),
    legacyContacts: counted(
      contacts.map((c) => ({
        position: c.position,
        name: c.name,
        email: c.email,
        relationship: c.relationship,
        role: c.role as Head["legacyContacts"]["data"][number]["role"],
        invitedAt: c.invitedAt.toISOString(),
        acceptedAt: c.acceptedAt?.toISOString() ?? null,
      })),
    ),
    people: counted(known.map((p) => ({ name: p.name, relationship: p.relationship, createdAt: p.createdAt.toISOString() }))),
    legacyConversations: counted(
      visits.map((v) => ({
        twinOf: v.ownerName,
        role: v.messageType === "user" ? ("user" as const) : ("twin" as const),
        kind: v.kind,
        // An answer that quoted a memory no longer shared with this person leaves with the notice, not its words.
        text: v.messageType === "user" ? v.prompt : withheld.has(v.id) ? ANSWER_SOURCE_GONE : v.response,
        memoryIds: v.lineage?.memoryIds ?? [],
        createdAt: v.createdAt.toISOString(),
      })),
    ),
    voiceConsents: counted(
      consents.map((c) => ({
        scope: c.scope as Head["voiceConsents"]["data"][number]["scope"],
        statement: c.statement,
        sha256: c.sha256,
        durationSeconds: c.durationSeconds,
        recordingFilename: sessions.find((s) => s.id === c.voiceSessionId)?.filename ?? null,
        createdAt: c.createdAt.toISOString(),
        revokedAt: c.revokedAt?.toISOString() ?? null,
        replaced: c.replaced,
        check: c.checkResult as Head["voiceConsents"]["data"][number]["check"],
      })),
    ),
    age: age
      ? { birthDate: age.birthDate, statedBy: age.statedBy, statedAt: age.statedAt.toISOString(), guardianConsentedAt: age.guardianConfirmedAt?.toISOString() ?? null }
      : null,
    legacySettings: legacy
      ? {
          inactivityMonths: legacy.inactivityMonths as 3 | 6 | 12 | 18 | null,
          deathReports: legacy.deathReports,
          vetoDays: legacy.vetoDays,
          retentionMonths: legacy.retentionMonths as 3 | 6 | 12 | 24 | 36,
          introduction: legacy.introduction,
          memorialSlug: legacy.memorialSlug,
          memorialIndexing: legacy.memorialIndexing,
        }
      : null,
    personalityAttempts: counted(await exportAttempts(tx, userId)),
    scenarioAnswers: counted(await exportScenarioAnswers(tx, userId)),
    insights: counted(insights.map((i) => ({ kind: i.kind, data: i.data, updatedAt: i.updatedAt.toISOString() }))),
  };
}

/** One page of memories after the cursor, oldest first, each with its full history. */
// The cursor keeps PostgreSQL's own text of created_at: a JavaScript Date holds milliseconds, the column microseconds,
// so a Date cursor would land before the last row and repeat it on the next page.
type Cursor = { createdAt: string; id: string };

async function readMemoryPage(tx: Transaction, userId: string, after: Cursor | null): Promise<{ rows: ExportedMemory[]; last: Cursor | null }> {
  const mine = eq(memories.userId, userId);
  const page = await tx
    .select({ memory: memories, cursorAt: sql<string>`${memories.createdAt}::text` })
    .from(memories)
    .where(after ? and(mine, sql`(${memories.createdAt}, ${memories.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`) : mine)
    .orderBy(asc(memories.createdAt), asc(memories.id))
    .limit(EXPORT_PAGE_SIZE)
    .then((rows) => rows.map((r) => Object.assign(r.memory, { cursorAt: r.cursorAt })));
  if (page.length === 0) return { rows: [], last: null };
  const history = await tx
    .select()
    .from(memoryVersions)
    .where(and(eq(memoryVersions.userId, userId), inArray(memoryVersions.memoryId, page.map((m) => m.id))))
    .orderBy(asc(memoryVersions.memoryId), asc(memoryVersions.version));
  const versionsOf = new Map<string, ExportedMemory["versions"]>();
  for (const v of history) {
    const { id: _versionId, ...version } = toMemoryVersion(v);
    versionsOf.set(v.memoryId, [...(versionsOf.get(v.memoryId) ?? []), version]);
  }
  const rows = page.map((m) => ({ ...toMemory(m), capturePromptId: m.capturePromptId, versions: versionsOf.get(m.id) ?? [] }));
  const tail = page[page.length - 1]!;
  return { rows, last: { createdAt: tail.cursorAt, id: tail.id } };
}

/**
 * Writes the person's complete export as JSON text, piece by piece, through `write` (which waits while the reader
 * is slow). Everything is read in one repeatable-read, read-only transaction, so the counts match the data even
 * while the person keeps editing in another tab. Memory use stays at one page of memories.
 */
export async function writeConsciousnessExport(db: Database, userId: string, write: (text: string) => Promise<void>, now = new Date()): Promise<void> {
  // Read before the export's own transaction: each owner's memories in this reader's scope, one after another.
  const withheld = await withheldAnswerIds(db, userId, now);
  await withUserScope(
    db,
    userId,
    async (tx) => {
      // The download waits on the reader between pages: a slow connection may leave this transaction idle longer than
      // the pool's bound (db/client.ts), so the export has its own, ten minutes. At most 4 run at once (transfer-gate).
      await tx.execute(sql`SET LOCAL idle_in_transaction_session_timeout = '600s'`);
      const head = await readHead(tx, userId, now, withheld);
      const [total] = await tx.select({ n: count() }).from(memories).where(eq(memories.userId, userId));
      const opening = JSON.stringify(head, null, 2);
      // The head's closing brace is replaced by the memories member, which is streamed.
      await write(`${opening.slice(0, opening.lastIndexOf("}")).trimEnd()},\n  "memories": {\n    "count": ${total?.n ?? 0},\n    "data": [`);
      let cursor: Cursor | null = null;
      let first = true;
      for (;;) {
        const { rows, last } = await readMemoryPage(tx, userId, cursor);
        if (rows.length === 0) break;
        const text = rows.map((row) => `${first && row === rows[0] ? "" : ","}\n      ${JSON.stringify(row)}`).join("");
        first = false;
        await write(text);
        cursor = last;
        if (rows.length < EXPORT_PAGE_SIZE) break;
      }
      await write("\n    ]\n  }\n}\n");
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
