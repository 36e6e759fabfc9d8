import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { readQuestion, tsQueryText, type QuestionTerms, type TermGroup } from "./query-terms";

export interface RetrievedMemory {
  kind: "memory";
  id: string;
  content: string;
  emotion: string;
  category: string;
  tags: string[];
  createdAt: Date;
  score: number;
  /** Which question words it matched. */
  matched: string[];
}

export interface RetrievedAnswer {
  kind: "calibration";
  id: string;
  statement: string;
  response: string;
  score: number;
  matched: string[];
}

export type RetrievedItem = RetrievedMemory | RetrievedAnswer;

export interface Retrieval {
  terms: QuestionTerms;
  /** The material an answer may use, best first (at most two memories and two calibration answers). */
  items: RetrievedItem[];
  /** False when nothing the person recorded speaks to the question's topic: the twin must say so. */
  confident: boolean;
  /** How much of the question's topic the best item covers, 0..1. */
  coverage: number;
  /** What the person has talked about most, for suggestions when the twin cannot answer. */
  topics: string[];
}

// Tuned on general principles, not on any one person: an item must cover at least this share of the question's topic
// words (weighted by rarity), and others are cited only when they score close to the best one.
const MIN_COVERAGE = 0.55;
// A request for advice may lean on a calibration answer a little more readily: those answers are decisions already.
const MIN_COVERAGE_ADVICE = 0.45;
const CITE_RATIO = 0.75;
const MAX_PER_KIND = 2;
const CANDIDATES = 40;
const FUZZY_MIN = 0.75;
const CALIBRATION_ROWS = 500;
// A calibration answer is the person's own judgement; a memory is what happened. The question's phrasing says
// which one it asks for.
const PRIOR = { advice: { memory: 0.85, calibration: 1.4 }, recollection: { memory: 1.2, calibration: 1 } };

interface Flags {
  id: string;
  flags: number[];
}

// A word found nowhere counts like one found once: the question has a part nobody recorded, but that part should
// not outweigh everything else merely because the vault is large. A young vault counts as 20 items, so that a word
// shared by its only two memories does not look as common as "the".
const MIN_CORPUS = 20;
const idf = (n: number, df: number) => Math.log(1 + Math.max(n, MIN_CORPUS) / Math.max(df, 1));

async function memoryCandidates(tx: Transaction, userId: string, groups: TermGroup[], weights: number[]) {
  const total = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM memories WHERE user_id = ${userId} AND NOT hidden_from_twin`);
  const n = total.rows[0]?.n ?? 0;
  const queries = groups.map((g) => sql`to_tsquery('english', ${tsQueryText(g)})`);
  const flagColumns = sql.join(queries.map((q, i) => sql`(m.search_vector @@ ${q})::int AS ${sql.identifier(`m${i}`)}`), sql`, `);
  const anyMatch = sql.join(queries, sql` || `);
  const dfColumns = sql.join(groups.map((_, i) => sql`coalesce(sum(${sql.identifier(`m${i}`)}), 0)::int AS ${sql.identifier(`d${i}`)}`), sql`, `);
  const rank = sql.join(
    groups.map((_, i) => sql`${sql.identifier(`m${i}`)} * ${weights[i]}::float8 * ln(1 + ${n}::float8 / greatest(df.${sql.identifier(`d${i}`)}, 1))`),
    sql` + `,
  );
  // Candidates come from the full-text GIN index through memory_ids_matching (migration 0010: the current user's ids).
  const result = await tx.execute<Record<string, unknown>>(sql`
    WITH cand AS (
      SELECT m.id, m.created_at, ${flagColumns} FROM memories m
      WHERE m.id IN (SELECT id FROM memory_ids_matching(${anyMatch})) AND m.user_id = ${userId} AND NOT m.hidden_from_twin
    ),
    df AS (SELECT ${dfColumns} FROM cand),
    top AS (SELECT cand.*, (${rank}) AS rank FROM cand, df ORDER BY rank DESC, cand.created_at DESC LIMIT ${CANDIDATES})
    SELECT top.*, df.*, m.content, m.emotion, m.category, m.tags
    FROM top JOIN memories m ON m.id = top.id, df
    ORDER BY top.rank DESC, top.created_at DESC`);
  const rows = result.rows;
  const df = groups.map((_, i) => Number(rows[0]?.[`d${i}`] ?? 0));
  const items = rows.map((r) => ({
    flags: { id: String(r.id), flags: groups.map((_, i) => Number(r[`m${i}`])) } satisfies Flags,
    memory: {
      kind: "memory" as const,
      id: String(r.id),
      content: String(r.content),
      emotion: String(r.emotion),
      category: String(r.category),
      tags: (r.tags as string[]) ?? [],
      createdAt: new Date(r.created_at as string),
      score: 0,
      matched: [],
    } satisfies RetrievedMemory,
  }));
  return { n, df, items };
}

// Rescues a typo ("moos" for "moose"): topic words that matched nowhere are compared by trigram similarity.
async function fuzzyMatches(tx: Transaction, userId: string, words: string[]): Promise<Map<string, Set<number>>> {
  const found = new Map<string, Set<number>>();
  for (const [index, word] of words.entries()) {
    if (!word) continue;
    // memory_ids_near_word (migration 0010) uses the trigram index and answers only the current user's ids.
    const rows = await tx.execute<{ id: string }>(sql`
      SELECT near.id FROM memory_ids_near_word(${word}, ${FUZZY_MIN}) AS near JOIN memories m ON m.id = near.id
      WHERE m.user_id = ${userId} AND NOT m.hidden_from_twin ORDER BY near.similarity DESC LIMIT ${CANDIDATES}`);
    for (const { id } of rows.rows) found.set(id, (found.get(id) ?? new Set()).add(index));
  }
  return found;
}

async function calibrationCandidates(tx: Transaction, userId: string, groups: TermGroup[]) {
  const queries = groups.map((g) => sql`to_tsquery('english', ${tsQueryText(g)})`);
  const columns = sql.join(
    queries.map((q, i) => sql`(to_tsvector('english', statement) @@ ${q})::int AS ${sql.identifier(`s${i}`)}, (to_tsvector('english', response) @@ ${q})::int AS ${sql.identifier(`r${i}`)}`),
    sql`, `,
  );
  const result = await tx.execute<Record<string, unknown>>(sql`
    SELECT id, statement, response, ${columns} FROM digital_twin_validation_feedback
    WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${CALIBRATION_ROWS}`);
  return result.rows.map((r) => ({
    answer: { kind: "calibration" as const, id: String(r.id), statement: String(r.statement), response: String(r.response), score: 0, matched: [] } satisfies RetrievedAnswer,
    // A match in the scenario itself counts fully; in the person's answer, a little less.
    strength: groups.map((_, i) => (Number(r[`s${i}`]) ? 1 : Number(r[`r${i}`]) ? 0.7 : 0)),
  }));
}

/** The person's most used tags (or categories), for "ask me about…" suggestions. */
export async function readTopics(tx: Transaction, userId: string, limit = 4): Promise<string[]> {
  // The newest 1,000 memories are plenty to see what the person talks about, and keep this cheap in a large vault.
  const tags = await tx.execute<{ topic: string }>(sql`
    SELECT tag AS topic FROM (
      SELECT tags, created_at FROM memories WHERE user_id = ${userId} AND NOT hidden_from_twin ORDER BY created_at DESC LIMIT 1000
    ) recent, unnest(recent.tags) AS tag
    GROUP BY tag ORDER BY count(*) DESC, max(recent.created_at) DESC LIMIT ${limit}`);
  if (tags.rows.length > 0) return tags.rows.map((r) => r.topic);
  const categories = await tx.execute<{ topic: string }>(sql`
    SELECT category AS topic FROM memories WHERE user_id = ${userId} AND NOT hidden_from_twin
    GROUP BY category ORDER BY count(*) DESC LIMIT ${limit}`);
  return categories.rows.map((r) => r.topic);
}

/**
 * Finds what the person recorded that speaks to the question: memories the twin may use (full-text over content and
 * tags, trigram similarity for typos) and calibration answers, scored by how many of the question's topic words they
 * match, each weighted by its rarity in the person's material (idf) and by whether it is a topic or a hint word,
 * with the question's named emotion and its kind (advice or recollection) as further signals. Call inside
 * withUserScope: row-level security keeps every other person's rows out as well.
 */
export async function retrieve(tx: Transaction, userId: string, question: string): Promise<Retrieval> {
  const terms = readQuestion(question);
  const { groups } = terms;
  if (groups.length === 0) return { terms, items: [], confident: false, coverage: 0, topics: await readTopics(tx, userId) };
  const weights = groups.map((g) => g.weight);
  const memories = await memoryCandidates(tx, userId, groups, weights);
  const answers = await calibrationCandidates(tx, userId, groups);
  const n = memories.n + answers.length;
  const df = groups.map((_, i) => memories.df[i]! + answers.filter((a) => a.strength[i]! > 0).length);
  const fuzzyWords = groups.map((g, i) => (df[i] === 0 && g.weight === 1 && g.word.length >= 4 ? g.word : ""));
  const fuzzy = fuzzyWords.some(Boolean) ? await fuzzyMatches(tx, userId, fuzzyWords) : new Map<string, Set<number>>();
  const fuzzyRows = [...fuzzy.keys()].filter((id) => !memories.items.some((m) => m.memory.id === id));
  if (fuzzyRows.length > 0) {
    const extra = await tx.execute<Record<string, unknown>>(sql`SELECT id, content, emotion, category, tags, created_at FROM memories WHERE id IN (${sql.join(fuzzyRows.map((id) => sql`${id}::uuid`), sql`, `)})`);
    for (const r of extra.rows) {
      memories.items.push({
        flags: { id: String(r.id), flags: groups.map(() => 0) },
        memory: { kind: "memory", id: String(r.id), content: String(r.content), emotion: String(r.emotion), category: String(r.category), tags: (r.tags as string[]) ?? [], createdAt: new Date(r.created_at as string), score: 0, matched: [] },
      });
    }
  }
  for (const [id, indexes] of fuzzy) {
    const item = memories.items.find((m) => m.memory.id === id);
    for (const i of indexes) if (item) item.flags.flags[i] = Math.max(item.flags.flags[i]!, 0.8);
  }

  const emphasis = groups.map((g) => (g.isName ? 2 : 1));
  const weightOf = groups.map((g, i) => g.weight * emphasis[i]! * idf(n, df[i]!));
  const topWeight = Math.max(...weights);
  const topicIndexes = groups.map((g, i) => (g.weight === topWeight ? i : -1)).filter((i) => i >= 0);
  const topicMass = topicIndexes.reduce((sum, i) => sum + emphasis[i]! * idf(n, df[i]!), 0);
  const prior = terms.wantsAdvice ? PRIOR.advice : PRIOR.recollection;
  const emotionBonus = (emotion: string) => (terms.emotions.includes(emotion) ? 0.5 * Math.max(...weightOf) : 0);

  const scored: Array<{ item: RetrievedItem; coverage: number }> = [];
  const score = (strength: number[], item: RetrievedItem, kindPrior: number, bonus: number) => {
    const base = strength.reduce((sum, s, i) => sum + s * weightOf[i]!, 0);
    const coverage = topicIndexes.reduce((sum, i) => sum + (strength[i]! > 0 ? emphasis[i]! * idf(n, df[i]!) : 0), 0) / (topicMass || 1);
    if (base <= 0) return;
    item.score = (base + bonus) * kindPrior;
    item.matched = groups.filter((_, i) => strength[i]! > 0).map((g) => g.word);
    scored.push({ item, coverage });
  };
  for (const { flags, memory } of memories.items) score(flags.flags, memory, prior.memory, emotionBonus(memory.emotion));
  for (const { answer, strength } of answers) score(strength, answer, prior.calibration, 0);
  scored.sort((a, b) => b.item.score - a.item.score);

  const enough = (item: RetrievedItem, coverage: number) => coverage >= (terms.wantsAdvice && item.kind === "calibration" ? MIN_COVERAGE_ADVICE : MIN_COVERAGE);
  const best = scored[0];
  const confident = best !== undefined && enough(best.item, best.coverage);
  const items: RetrievedItem[] = [];
  if (confident) {
    for (const { item, coverage } of scored) {
      if (item.score < best.item.score * CITE_RATIO || !enough(item, coverage)) continue;
      if (items.filter((i) => i.kind === item.kind).length >= MAX_PER_KIND) continue;
      items.push(item);
    }
  }
  return { terms, items, confident, coverage: best?.coverage ?? 0, topics: confident ? [] : await readTopics(tx, userId) };
}
