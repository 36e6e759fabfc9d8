import { count, desc, eq } from "drizzle-orm";
import type { ExportSummary, VoiceArchive } from "../../../contract";
import type { Database } from "../../db/client";
import { biometricDaily, personalityAttempts, scenarioAnswers, voiceSessions, voiceTranscripts } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { readPersonFigures, voiceHours } from "../overview";
import { exportRow } from "./rows";

const megabytes = (bytes: number) => Math.round(bytes / 100_000) / 10;

/** The Data Export section's figures and contents list, from the person's own rows (docs/formulas.md). */
export async function getExportSummary(db: Database, userId: string): Promise<ExportSummary> {
  return withUserScope(db, userId, async (tx) => {
    const f = await readPersonFigures(tx, userId);
    const [questionnaires] = await tx.select({ n: count() }).from(personalityAttempts).where(eq(personalityAttempts.userId, userId));
    const [scenarios] = await tx.select({ n: count() }).from(scenarioAnswers).where(eq(scenarioAnswers.userId, userId));
    const [deviceDays] = await tx.select({ n: count() }).from(biometricDaily).where(eq(biometricDaily.userId, userId));
    return {
      sessions: f.voiceSessions,
      voiceHours: voiceHours(f.voiceSeconds),
      memories: f.memories,
      totalMegabytes: megabytes(f.voiceBytes + f.textBytes),
      contents: [
        { key: "profile", label: "Profile and onboarding choices", count: 1 },
        { key: "memories", label: "Memories", count: f.memories },
        { key: "memoryVersions", label: "Memory versions (full edit history)", count: f.memoryVersions },
        { key: "calibrationAnswers", label: "Calibration answers", count: f.calibrationAnswers },
        { key: "reflection", label: "Personality summary", count: f.hasReflection ? 1 : 0 },
        { key: "personalityAttempts", label: "Personality questionnaires", count: questionnaires?.n ?? 0 },
        { key: "scenarioAnswers", label: "Decision scenario answers", count: scenarios?.n ?? 0 },
        { key: "conversations", label: "Twin conversation messages", count: f.conversations },
        { key: "voiceSessions", label: "Voice sessions (details)", count: f.voiceSessions },
        { key: "voiceProfiles", label: "Voice clones", count: f.voiceProfiles },
        { key: "biometricDays", label: "Device readings (daily figures per measurement)", count: deviceDays?.n ?? 0 },
      ],
    };
  });
}

/** voice-archive-{date}.json: metadata and every session's details, newest first. */
export async function getVoiceArchive(db: Database, userId: string, now = new Date()): Promise<VoiceArchive> {
  const { rows, transcripts } = await withUserScope(db, userId, async (tx) => ({
    rows: await tx.select().from(voiceSessions).where(eq(voiceSessions.userId, userId)).orderBy(desc(voiceSessions.createdAt)),
    transcripts: await tx.select().from(voiceTranscripts).where(eq(voiceTranscripts.userId, userId)),
  }));
  return {
    metadata: {
      exportDate: now.toISOString(),
      totalSessions: rows.length,
      totalSeconds: rows.reduce((sum, r) => sum + r.durationSeconds, 0),
      note: "Details of every recorded voice session. The recordings themselves are audio files, not inside this JSON file: download them together as voice-recordings-{date}.tar from Data Export.",
    },
    sessions: rows.map((r) => exportRow.voiceSession(r, transcripts.find((t) => t.voiceSessionId === r.id))),
  };
}
