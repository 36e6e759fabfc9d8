import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { memories, twinInsights, validationFeedback } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { namesIn, sentenceStarts, VALUES, yearsIn } from "./insight-text";
import { sourceLabel } from "./sources";

// Enough of the person's material to see patterns; the newest first when there is more.
const INSIGHT_MEMORIES = 2000;
const TOP = 5;

interface MemoryRow {
  id: string;
  content: string;
  emotion: string;
  category: string;
  tags: string[];
  createdAt: Date;
}

const share = (n: number, total: number) => (total === 0 ? 0 : Math.round((1000 * n) / total) / 10);

/** Patterns across the memories: dominant emotions, recurring people and places, and themes by decade. */
export function computeMemoryInsight(rows: MemoryRow[]) {
  const emotions = new Map<string, number>();
  const named = new Map<string, { name: string; kind: "person" | "place"; memoryIds: Set<string> }>();
  const decades = new Map<number, { count: number; categories: Map<string, number>; memoryIds: string[] }>();
  const people = new Set(rows.flatMap((m) => namesIn(m.content).filter((n) => n.kind === "person").map((n) => n.name)));
  for (const m of rows) {
    emotions.set(m.emotion, (emotions.get(m.emotion) ?? 0) + 1);
    const starts = sentenceStarts(m.content).filter((w) => people.has(w)).map((name) => ({ name, kind: "person" as const }));
    for (const thing of [...namesIn(m.content), ...starts]) {
      const key = `${thing.kind}:${thing.name}`;
      const entry = named.get(key) ?? { ...thing, memoryIds: new Set<string>() };
      entry.memoryIds.add(m.id);
      named.set(key, entry);
    }
    const year = yearsIn(m.content)[0];
    if (year) {
      const decade = Math.floor(year / 10) * 10;
      const entry = decades.get(decade) ?? { count: 0, categories: new Map<string, number>(), memoryIds: [] as string[] };
      entry.count++;
      entry.categories.set(m.category, (entry.categories.get(m.category) ?? 0) + 1);
      entry.memoryIds.push(m.id);
      decades.set(decade, entry);
    }
  }
  const recurring = (kind: "person" | "place") =>
    [...named.values()]
      .filter((n) => n.kind === kind && n.memoryIds.size >= 2)
      .sort((a, b) => b.memoryIds.size - a.memoryIds.size || a.name.localeCompare(b.name))
      .slice(0, TOP)
      .map((n) => ({ name: n.name, memories: n.memoryIds.size, memoryIds: [...n.memoryIds] }));
  return {
    memoryCount: rows.length,
    dominantEmotions: [...emotions.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 3)
      .map(([emotion, count]) => ({ emotion, count, percent: share(count, rows.length) })),
    recurringPeople: recurring("person"),
    recurringPlaces: recurring("place"),
    themesOverTime: [...decades.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([decade, d]) => ({
        decade: `${decade}s`,
        memories: d.count,
        mainTheme: [...d.categories.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null,
        memoryIds: d.memoryIds,
      })),
  };
}

/** What the person seems to value: each value with the memories and answers whose words show it. */
export function computeValuesSummary(rows: MemoryRow[], answers: Array<{ id: string; statement: string; response: string }>) {
  const words = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];
  const evidence = VALUES.map(({ value, stems }) => {
    const matches = (text: string) => words(text).some((w) => stems.some((s) => w.startsWith(s)));
    const memoryIds = rows.filter((m) => matches(`${m.content} ${m.tags.join(" ")}`)).map((m) => m.id);
    const answerIds = answers.filter((a) => matches(a.response)).map((a) => a.id);
    return { value, memoryIds, answerIds, weight: memoryIds.length + 2 * answerIds.length };
  })
    .filter((v) => v.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.value.localeCompare(b.value))
    .slice(0, TOP);
  const byId = new Map(rows.map((m) => [m.id, m.content]));
  const values = evidence.map((v) => ({
    value: v.value,
    memories: v.memoryIds.length,
    answers: v.answerIds.length,
    examples: v.memoryIds.slice(0, 2).map((id) => ({ memoryId: id, excerpt: sourceLabel(byId.get(id) ?? "") })),
    memoryIds: v.memoryIds,
    answerIds: v.answerIds,
  }));
  const names = values.slice(0, 3).map((v) => v.value);
  const summary =
    names.length === 0
      ? "Not enough material yet: write a few memories or answer a calibration scenario."
      : `Across ${rows.length} ${rows.length === 1 ? "memory" : "memories"} and ${answers.length} ${answers.length === 1 ? "answer" : "answers"}, you come back most often to ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`}.`;
  return { summary, values };
}

type Kind = "memory_insight" | "values_summary";

async function generate(db: Database, userId: string, kind: Kind) {
  return withUserScope(db, userId, async (tx) => {
    const rows = await tx
      .select({ id: memories.id, content: memories.content, emotion: memories.emotion, category: memories.category, tags: memories.tags, createdAt: memories.createdAt })
      .from(memories)
      .where(and(eq(memories.userId, userId), eq(memories.hiddenFromTwin, false)))
      .orderBy(desc(memories.createdAt))
      .limit(INSIGHT_MEMORIES);
    const answers = kind === "values_summary" ? await tx.select({ id: validationFeedback.id, statement: validationFeedback.statement, response: validationFeedback.response }).from(validationFeedback).where(eq(validationFeedback.userId, userId)) : [];
    const body = kind === "memory_insight" ? computeMemoryInsight(rows) : computeValuesSummary(rows, answers);
    const generatedAt = new Date();
    const data = { kind, generatedAt: generatedAt.toISOString(), ...body };
    await tx
      .insert(twinInsights)
      .values({ userId, kind, data, updatedAt: generatedAt })
      .onConflictDoUpdate({ target: [twinInsights.userId, twinInsights.kind], set: { data, updatedAt: sql`now()` } });
    return data;
  });
}

/** generate-memory-insight: computed from the memories the twin may use, stored (replacing the last one), returned. */
export const generateMemoryInsight = (db: Database, userId: string) => generate(db, userId, "memory_insight");
/** generate-values-summary: computed from memories and calibration answers, stored, returned. */
export const generateValuesSummary = (db: Database, userId: string) => generate(db, userId, "values_summary");
