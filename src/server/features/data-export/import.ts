import { restoreAttempts, restoreScenarioAnswers } from "../personality";
import { restoreBiometrics } from "../biometrics";
import { and, count, eq } from "drizzle-orm";
import { exportMessages, LEGACY_CONTACTS_MAX, PEOPLE_MAX, type ConsciousnessExport, type ImportResult } from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { aiReflections, legacyContacts, legacyReleases, memories, memoryVersions, people, profiles, twinConversations, validationFeedback, voiceSessions } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { computeAuthenticityScore, sealColumns } from "../memories";

/** What makes a vault non-empty for an import: anything the person built after onboarding. */
async function vaultIsEmpty(tx: Transaction, userId: string): Promise<boolean> {
  const checks = await Promise.all([
    tx.select({ n: count() }).from(memories).where(eq(memories.userId, userId)),
    tx.select({ n: count() }).from(twinConversations).where(eq(twinConversations.userId, userId)),
    // A voice consent recorded before importing does not make the vault "not empty": it is not content.
    tx.select({ n: count() }).from(voiceSessions).where(and(eq(voiceSessions.userId, userId), eq(voiceSessions.purpose, "training"))),
  ]);
  return checks.every(([row]) => (row?.n ?? 0) === 0);
}

/**
 * What an answer from a file written before answers kept their kind was: the prepared messages were stored under
 * their own model names, as migration 0056 reads them too.
 */
const kindOfEarlierAnswer = (modelName: string | null) => (modelName === "Mindprint support message" ? "support" : modelName === "Mindprint" ? "identity" : "answer");

const BATCH = 500;
async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Restores an export into the signed-in account, all or nothing, in one transaction. Memories get new ids (the
 * file's ids may still exist in the account that exported them) and conversation lineage is re-pointed to them;
 * original dates and every version are kept; authenticity scores are recomputed by the current formula rather than
 * trusted from the file. Calibration answers already in the account are kept, identical ones are not duplicated.
 */
export async function importExport(db: Database, userId: string, file: ConsciousnessExport): Promise<ImportResult> {
  return withUserScope(db, userId, async (tx) => {
    if (!(await vaultIsEmpty(tx, userId))) throw new AppError("import_account_not_empty", exportMessages.accountNotEmpty);
    const idMap = new Map<string, string>();
    for (const m of file.memories.data) idMap.set(m.id, crypto.randomUUID());

    await insertInBatches(file.memories.data, (batch) =>
      tx.insert(memories).values(
        batch.map((m) => ({
          id: idMap.get(m.id)!,
          userId,
          content: m.content,
          emotion: m.emotion,
          category: m.category,
          tags: m.tags,
          emotionalIntensity: m.emotionalIntensity,
          authenticityScore: computeAuthenticityScore(m.content, m.tags),
          hiddenFromTwin: m.hiddenFromTwin,
          visibility: m.visibility,
          context: m.context,
          capturePromptId: m.capturePromptId,
          happenedOn: m.happenedOn,
          ...sealColumns(m.seal),
          version: m.version,
          createdAt: new Date(m.createdAt),
          updatedAt: new Date(m.updatedAt),
        })),
      ),
    );
    const versions = file.memories.data.flatMap((m) =>
      m.versions.map((v) => ({ memoryId: idMap.get(m.id)!, userId, ...v, createdAt: new Date(v.createdAt) })),
    );
    await insertInBatches(versions, (batch) => tx.insert(memoryVersions).values(batch));

    const existing = await tx.select({ statement: validationFeedback.statement, response: validationFeedback.response }).from(validationFeedback).where(eq(validationFeedback.userId, userId));
    const known = new Set(existing.map((a) => `${a.statement}\u0000${a.response}`));
    const calibrationMap = new Map<string, string>();
    const answers = file.calibrationAnswers.data.filter((a) => !known.has(`${a.statement}\u0000${a.response}`));
    for (const a of answers) calibrationMap.set(a.id, crypto.randomUUID());
    await insertInBatches(answers, (batch) =>
      tx.insert(validationFeedback).values(batch.map((a) => ({ id: calibrationMap.get(a.id)!, userId, statement: a.statement, response: a.response, createdAt: new Date(a.createdAt) }))),
    );

    const remap = (ids: unknown, map: Map<string, string>) => (Array.isArray(ids) ? ids.map((id) => map.get(String(id))).filter((id): id is string => Boolean(id)) : []);
    await insertInBatches(file.conversations.data, (batch) =>
      tx.insert(twinConversations).values(
        batch.map((c) => ({
          userId,
          messageType: c.messageType,
          prompt: c.prompt,
          response: c.response,
          authenticityScore: c.authenticityScore,
          feedback: c.feedback,
          lineage: c.lineage
            ? ({ ...c.lineage, memoryIds: remap(c.lineage.memoryIds, idMap), calibrationIds: remap(c.lineage.calibrationIds, calibrationMap) } as never)
            : null,
          modelName: c.modelName,
          kind: c.messageType === "ai" ? (c.kind ?? kindOfEarlierAnswer(c.modelName)) : null,
          createdAt: new Date(c.createdAt),
        })),
      ),
    );

    // Contacts are named again, their invitations not: the owner sends new ones from the Legacy section. An address
    // the account already named is kept as it is, and no account holds more than 10.
    const named = await tx.select({ email: legacyContacts.email }).from(legacyContacts).where(eq(legacyContacts.userId, userId));
    const seen = new Set(named.map((c) => c.email));
    const contacts = file.legacyContacts.data
      .map((c) => ({ ...c, email: c.email.trim().toLowerCase() }))
      .filter((c) => !seen.has(c.email) && seen.add(c.email))
      .slice(0, Math.max(0, LEGACY_CONTACTS_MAX - named.length));
    await insertInBatches(contacts, (batch) =>
      tx.insert(legacyContacts).values(
        batch.map((c, i) => ({ userId, position: named.length + i + 1, name: c.name, email: c.email, relationship: c.relationship, role: c.role, invitedAt: new Date(c.invitedAt), inviteExpiresAt: new Date() })),
      ),
    );

    // The People list: each person the account does not hold yet (the same name and relationship), 200 at most.
    const held = await tx.select({ name: people.name, relationship: people.relationship }).from(people).where(eq(people.userId, userId));
    const key = (p: { name: string; relationship: string }) => `${p.name.toLowerCase()}|${p.relationship.toLowerCase()}`;
    const heldKeys = new Set(held.map(key));
    const newPeople = file.people.data.filter((p) => !heldKeys.has(key(p)) && heldKeys.add(key(p))).slice(0, Math.max(0, PEOPLE_MAX - held.length));
    await insertInBatches(newPeople, (batch) => tx.insert(people).values(batch.map((p) => ({ userId, name: p.name, relationship: p.relationship, createdAt: new Date(p.createdAt) }))));

    if (file.legacySettings) {
      const { inactivityMonths, deathReports, vetoDays, retentionMonths, introduction } = file.legacySettings;
      const settings = { inactivityMonths, deathReports, vetoDays, retentionMonths, introduction, inactivitySince: inactivityMonths ? new Date() : null };
      // The account may already have a row (opening the dashboard reads it); the file's settings win, its state stays.
      await tx.insert(legacyReleases).values({ userId, ...settings }).onConflictDoUpdate({ target: legacyReleases.userId, set: settings });
    }

    const personalityAttempts = await restoreAttempts(tx, userId, file.personalityAttempts.data, new Date());
    const scenarioAnswers = await restoreScenarioAnswers(tx, userId, file.scenarioAnswers.data, new Date());
    const biometricSources = await restoreBiometrics(tx, userId, file.consciousness.biometrics.data);

    if (file.reflection) {
      const values = { summary: file.reflection.summary, traitsUsed: file.reflection.traitsUsed, modelName: file.reflection.modelName, createdAt: new Date(file.reflection.createdAt), updatedAt: new Date(file.reflection.updatedAt) };
      await tx.insert(aiReflections).values({ userId, ...values }).onConflictDoUpdate({ target: aiReflections.userId, set: values });
    }

    const p = file.profile;
    await tx
      .update(profiles)
      .set({
        ...(p.firstName ? { firstName: p.firstName } : {}),
        ...(p.birthday ? { birthday: p.birthday } : {}),
        ...(p.legacyPreference ? { legacyPreference: p.legacyPreference } : {}),
        ...(p.userIntents.length > 0 ? { userIntents: p.userIntents } : {}),
        ...(p.primaryIntent ? { primaryIntent: p.primaryIntent } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(profiles.userId, userId)));

    return {
      imported: {
        memories: file.memories.count,
        memoryVersions: versions.length,
        calibrationAnswers: answers.length,
        conversations: file.conversations.count,
        reflection: file.reflection !== null,
        personalityAttempts,
        scenarioAnswers,
        biometricSources,
        people: newPeople.length,
      },
      notRestored: { voiceSessions: file.voiceSessions.count, voiceProfiles: file.voiceProfiles.count, voiceConsents: file.voiceConsents.count, legacyConversations: file.legacyConversations.count },
    };
  });
}
