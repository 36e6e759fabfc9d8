import { desc, eq } from "drizzle-orm";
import type { Overview } from "../../../contract";
import type { Database } from "../../db/client";
import { aiReflections, memories } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { newestReadings, RECENT_READING_MS } from "../biometrics";
import { readPersonFigures } from "./figures";
import { completeness, excerpt, mappingProgress, voiceHours } from "./formulas";

const RECENT_MEMORIES = 3;

/** Every figure of Consciousness Home, computed from the person's own rows in one consistent transaction. */
export async function getOverview(db: Database, userId: string): Promise<Overview> {
  return withUserScope(db, userId, async (tx) => {
    const figures = await readPersonFigures(tx, userId);
    const recent = await tx
      .select({ id: memories.id, content: memories.content, emotion: memories.emotion, createdAt: memories.createdAt })
      .from(memories)
      .where(eq(memories.userId, userId))
      .orderBy(desc(memories.createdAt), desc(memories.id))
      .limit(RECENT_MEMORIES);
    const [reflection] = await tx.select().from(aiReflections).where(eq(aiReflections.userId, userId));
    // Imported readings: recent means from the last 24 hours (a reading dated in the future is a device clock's error).
    const now = Date.now();
    const isRecent = (at: Date) => at.getTime() >= now - RECENT_READING_MS && at.getTime() <= now + 3600_000;
    const newest = await newestReadings(tx, userId);
    const lastReading = newest.reduce<Date | null>((latest, r) => (!latest || r.at > latest ? r.at : latest), null);
    const heart = newest.find((r) => r.metric === "heart_rate");
    return {
      completeness: completeness(figures),
      voice: { sessions: figures.voiceSessions, seconds: figures.voiceSeconds, hours: voiceHours(figures.voiceSeconds), cloneReady: figures.cloneReady },
      memories: {
        total: figures.memories,
        availableToTwin: figures.memoriesAvailableToTwin,
        recent: recent.map((m) => ({ id: m.id, excerpt: excerpt(m.content), emotion: m.emotion as Overview["memories"]["recent"][number]["emotion"], createdAt: m.createdAt.toISOString() })),
        topEmotion: figures.topEmotion as Overview["memories"]["topEmotion"],
      },
      calibrationAnswers: figures.calibrationAnswers,
      conversations: figures.conversations,
      biometricSync: { active: lastReading !== null && isRecent(lastReading), lastReadingAt: lastReading?.toISOString() ?? null },
      heartRate: heart && isRecent(heart.at) ? { bpm: Math.round(heart.value), at: heart.at.toISOString() } : null,
      mapping: mappingProgress(figures),
      reflection: reflection ? { summary: reflection.summary, traitsUsed: reflection.traitsUsed, updatedAt: reflection.updatedAt.toISOString() } : null,
    };
  });
}
