import { sql, type SQL } from "drizzle-orm";
import { splitSentences } from "../../platform/text";
import type { Transaction } from "../../db/client";
import type { MemorySqlRow } from "../../db/schema";
import type { Embedder } from "../../providers/embeddings";
import { readQuestion, tsQueryText, type TermGroup } from "./query-terms";
import { poolOf, type Candidate } from "./decision/pool";
import { decideByReader, UNTRAINED } from "./decision/reader-decision";
import { readKinNames, readQuestionTerms } from "./support";
import { embedFresh, questionVector } from "./fresh-vectors";
import { answeringSentences, matchesOf } from "./passage";
import { nearMissOf } from "./near-miss";
import { memoryAccessSql, NOT_RELEASED } from "../legacy";
import type { Retrieval, RetrievedItem, TwinReader } from "./retrieval-types";
import { bestDot, decodeVectors, encodeVectors } from "./vector-codec";
import { calibrationTexts, memoryTexts } from "./encoder-texts";
import type { VectorIndex } from "./vector-index";
import { happenedWithin, readTimeReference, type TimeReference } from "./time-reference";

const OWNER: TwinReader = { reader: { kind: "owner" }, release: NOT_RELEASED, now: new Date(0) };

/**
 * The memories a reader's twin may draw on, as a condition on `memories m`. Hidden memories never are. `citableOnly`
 * narrows it to what the twin may also cite: a visitor's twin works from those alone, so a `twin-only` memory can never
 * be cited, listed or quoted to them (the offline composer speaks in the sources' own sentences).
 */
export const memoryFilterFor = (who: TwinReader, citableOnly = false): SQL => memoryAccessSql(who.reader, who.release, who.now, citableOnly ? "twinMayCite" : "twinMayUse");

export interface RetrievalDeps {
  embedder: Embedder;
  vectorIndex: VectorIndex;
}

const LEXICAL_CANDIDATES = 40;
const MEANING_CANDIDATES = 40;
const CALIBRATION_ROWS = 500;

type MemoryRow = MemorySqlRow & { vectors: Buffer | null };

const TIME_CANDIDATES = 40;

/** The memories dated within the time a question asks about (the happened_on index), earliest first. */
async function timeCandidates(tx: Transaction, userId: string, time: TimeReference | null, filter: SQL): Promise<string[]> {
  if (!time) return [];
  const from = String(time.from).padStart(4, "0");
  const until = String(time.to + 1).padStart(4, "0");
  const result = await tx.execute<{ id: string }>(sql`
    SELECT m.id FROM memories m
    WHERE m.user_id = ${userId} AND m.happened_on >= ${from} AND m.happened_on < ${until} AND ${filter}
    ORDER BY m.happened_on, m.created_at LIMIT ${TIME_CANDIDATES}`);
  return result.rows.map((r) => r.id);
}

/** The owner's birth year, for questions about a stage of their life ("when you were young"). */
async function birthYearOf(tx: Transaction, userId: string): Promise<number | null> {
  const result = await tx.execute<{ birthday: string | null }>(sql`SELECT birthday::text AS birthday FROM profiles WHERE user_id = ${userId}`);
  const birthday = result.rows[0]?.birthday;
  return birthday ? Number(birthday.slice(0, 4)) : null;
}

// Candidates by words come from the full-text GIN index through memory_ids_matching (migration 0010: the current
// user's ids only), with how many of the person's memories contain each group (document frequency).
async function lexicalCandidates(tx: Transaction, userId: string, groups: TermGroup[], filter: SQL) {
  if (groups.length === 0) return { ids: [] as string[], df: [] as number[] };
  const queries = groups.map((g) => sql`to_tsquery('mindprint_english', ${tsQueryText(g)})`);
  const flags = sql.join(queries.map((q, i) => sql`(m.search_vector @@ ${q})::int AS ${sql.identifier(`m${i}`)}`), sql`, `);
  const dfColumns = sql.join(groups.map((_, i) => sql`coalesce(sum(${sql.identifier(`m${i}`)}), 0)::int AS ${sql.identifier(`d${i}`)}`), sql`, `);
  const rank = sql.join(groups.map((g, i) => sql`${sql.identifier(`m${i}`)} * ${g.weight}::float8`), sql` + `);
  const result = await tx.execute<Record<string, unknown>>(sql`
    WITH cand AS (
      SELECT m.id, m.created_at, ${flags} FROM memories m
      WHERE m.id IN (SELECT id FROM memory_ids_matching(${sql.join(queries, sql` || `)})) AND m.user_id = ${userId} AND ${filter}
    ),
    df AS (SELECT ${dfColumns} FROM cand),
    top AS (SELECT cand.id, (${rank}) AS rank, cand.created_at FROM cand ORDER BY rank DESC, created_at DESC LIMIT ${LEXICAL_CANDIDATES})
    SELECT top.id, df.* FROM df LEFT JOIN top ON true`);
  const first = result.rows[0] ?? {};
  return {
    ids: result.rows.map((r) => r.id).filter((id): id is string => typeof id === "string"),
    df: groups.map((_, i) => Number(first[`d${i}`] ?? 0)),
  };
}

async function readMemories(tx: Transaction, userId: string, ids: string[], modelId: string, filter: SQL): Promise<MemoryRow[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<MemoryRow>(sql`
    SELECT m.id, m.content, m.emotion, m.category, m.tags, m.happened_on, m.created_at, e.vectors FROM memories m
    LEFT JOIN twin_embeddings e ON e.memory_id = m.id AND e.model_id = ${modelId} AND e.text_hash = memory_embedding_hash(m.content, m.tags)
    WHERE m.id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) AND m.user_id = ${userId} AND ${filter}`);
  return result.rows;
}

async function readCalibration(tx: Transaction, userId: string, modelId: string) {
  const result = await tx.execute<{ id: string; statement: string; response: string; vectors: Buffer | null }>(sql`
    SELECT c.id, c.statement, c.response, e.vectors FROM digital_twin_validation_feedback c
    LEFT JOIN twin_embeddings e ON e.calibration_id = c.id AND e.model_id = ${modelId} AND e.text_hash = calibration_embedding_hash(c.statement, c.response)
    WHERE c.user_id = ${userId} ORDER BY c.created_at DESC LIMIT ${CALIBRATION_ROWS}`);
  return result.rows;
}

/** The person's most used tags (or categories), for "ask me about…" suggestions. */
export async function readTopics(tx: Transaction, userId: string, reader: TwinReader = OWNER, limit = 4, citableOnly = false): Promise<string[]> {
  const filter = memoryFilterFor(reader, citableOnly);
  // The newest 1,000 memories are plenty to see what the person talks about, and keep this cheap in a large vault.
  const tags = await tx.execute<{ topic: string }>(sql`
    SELECT (array_agg(tag ORDER BY recent.created_at DESC))[1] AS topic FROM (
      SELECT m.tags, m.created_at FROM memories m WHERE m.user_id = ${userId} AND ${filter} ORDER BY m.created_at DESC LIMIT 1000
    ) recent, unnest(recent.tags) AS tag
    -- Tags keep the case they were typed in (decision 0037): "Garden" and "garden" are one topic, named as last typed.
    GROUP BY lower(tag) ORDER BY count(*) DESC, max(recent.created_at) DESC LIMIT ${limit}`);
  if (tags.rows.length > 0) return tags.rows.map((r) => r.topic);
  const categories = await tx.execute<{ topic: string }>(sql`
    SELECT m.category AS topic FROM memories m WHERE m.user_id = ${userId} AND ${filter}
    GROUP BY m.category ORDER BY count(*) DESC LIMIT ${limit}`);
  return categories.rows.map((r) => r.topic);
}

const RUNNERS_UP = 2;

/**
 * For the memories the reader cited: their vector and each sentence's, as passage.ts reads them (whole first), so the
 * sentences said are the ones closest to the question. A failed encoder leaves the passage to the question's words.
 */
async function readSentences(embedder: Embedder, rows: MemoryRow[]): Promise<Map<string, Buffer>> {
  const many = rows.filter((r) => r.vectors && splitSentences(r.content).length > 2);
  if (many.length === 0) return new Map();
  const sentences = many.map((r) => splitSentences(r.content));
  try {
    const vectors = await embedder.embed(sentences.flat(), "query");
    let at = 0;
    return new Map(many.map((r, i) => [r.id, encodeVectors([decodeVectors(r.vectors!).subarray(0, embedder.dimensions), ...vectors.slice(at, (at += sentences[i]!.length))])]));
  } catch {
    return new Map();
  }
}

/**
 * Finds what the person recorded that answers the question, by meaning (sentence embeddings of every memory and
 * calibration answer, compared with the question's) and by words (PostgreSQL full-text search, where names and rare
 * words win), ranked together (ranking.ts, docs/formulas.md). Only material the reader's twin may use is ever a
 * candidate. Call inside withUserScope: row-level security keeps every other person's rows out as well.
 */
export async function retrieve(
  tx: Transaction,
  deps: RetrievalDeps,
  userId: string,
  question: string,
  options: { reader?: TwinReader; asDecision?: boolean; citableOnly?: boolean; calibration?: boolean; askedBy?: string | null } = {},
): Promise<Retrieval> {
  const reader = options.reader ?? OWNER;
  const citableOnly = options.citableOnly ?? false;
  const read = readQuestion(question);
  // The laboratory's scenarios ask what the person would do, however they are phrased.
  const terms = options.asDecision ? { ...read, wantsAdvice: true } : read;
  const filter = memoryFilterFor(reader, citableOnly);
  const modelId = deps.embedder.modelId;
  // The question is embedded in the encoder's thread while the database works.
  const vectorOfQuestion = questionVector(deps.embedder, question, options.askedBy);
  const total = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM memories m WHERE m.user_id = ${userId} AND ${filter}`);
  const lexical = await lexicalCandidates(tx, userId, terms.groups, filter);
  const time = readTimeReference(question, await birthYearOf(tx, userId));
  const dated = await timeCandidates(tx, userId, time, filter);
  const vector = await vectorOfQuestion;
  const nearest = vector ? await deps.vectorIndex.nearest(tx, userId, modelId, vector, MEANING_CANDIDATES) : [];
  const ids = [...new Set([...lexical.ids, ...nearest.map((n) => n.id), ...dated])];
  // In the order they were found (best full-text matches first), so the few read for meaning now are the likeliest.
  const found = new Map(ids.map((id, i) => [id, i]));
  const memoryRows = (await readMemories(tx, userId, ids, modelId, filter)).sort((a, b) => found.get(a.id)! - found.get(b.id)!);
  // Calibration answers have no audience of their own, so they speak for the owner only.
  const answers = options.calibration === false ? [] : await readCalibration(tx, userId, modelId);

  const fresh = vector
    ? await embedFresh(deps.embedder, [
        ...memoryRows.map((r) => ({ id: r.id, vectors: r.vectors, texts: () => memoryTexts(deps.embedder, r.content, r.tags ?? []) })),
        ...answers.map((r) => ({ id: r.id, vectors: r.vectors, texts: () => calibrationTexts(deps.embedder, r.statement, r.response) })),
      ])
    : new Map<string, Float32Array[]>();
  const meaningOf = (bytes: Buffer | null, id?: string) => {
    if (!vector) return null;
    const own = id ? fresh.get(id) : undefined;
    if (own) return Math.max(...own.map((v) => bestDot(vector, v)));
    return bytes ? bestDot(vector, decodeVectors(bytes)) : null;
  };
  const candidates: Candidate<RetrievedItem>[] = [
    ...memoryRows.map((r) => ({
      item: {
        kind: "memory" as const,
        id: r.id,
        content: r.content,
        emotion: r.emotion,
        category: r.category,
        tags: r.tags ?? [],
        happenedOn: r.happened_on,
        createdAt: new Date(r.created_at),
        score: 0,
        matched: [],
        // Chosen after the decision, for the few that are said (passageOf below).
        passage: [] as string[],
        feelingUnsaid: false,
      },
      kind: "memory" as const,
      meaning: meaningOf(r.vectors, r.id),
      matches: matchesOf(terms.groups, `${r.content} ${(r.tags ?? []).join(" ")}`),
      text: `${r.content} ${(r.tags ?? []).join(", ")} ${r.happened_on ?? ""}`,
      when: time && r.happened_on ? (happenedWithin(r.happened_on, time) ? ("in" as const) : ("out" as const)) : undefined,
    })),
    ...answers.map((r) => ({
      item: { kind: "calibration" as const, id: r.id, statement: r.statement, response: r.response, score: 0, matched: [] },
      kind: "calibration" as const,
      meaning: meaningOf(r.vectors, r.id),
      matches: matchesOf(terms.groups, `${r.statement} ${r.response}`),
      text: `${r.statement} ${r.response}`,
    })),
  ];
  // Calibration answers count in the frequencies too: a word in every one of them says little.
  const df = terms.groups.map((_, i) => (lexical.df[i] ?? 0) + candidates.filter((c) => c.kind === "calibration" && c.matches[i]).length);
  const pool = poolOf(
    {
      groups: terms.groups,
      corpusSize: (total.rows[0]?.n ?? 0) + answers.length,
      documentFrequency: df,
      timeGroups: time ? terms.groups.map((g) => time.words.includes(g.word)) : undefined,
      reading: readQuestionTerms(question),
      kinNames: readKinNames(memoryRows.map((r) => r.content)),
    },
    candidates,
  );
  // The fine-tuned reader decides by its learned "nothing answers this" (decision 0051).
  const trained = deps.embedder.reader;
  const { ranked, cited, confident } = decideByReader(question, pool, trained ?? UNTRAINED);
  const rowsById = new Map(memoryRows.map((r) => [r.id, r]));
  // The sentences to say, worked out only for what may be said: the chosen and the runners-up.
  // The reader reads a memory whole; which of a cited memory's sentences answer is read now, for those few only.
  const sentenceVectors = trained && vector ? await readSentences(deps.embedder, cited.flatMap((r) => (r.candidate.item.kind === "memory" ? [rowsById.get(r.candidate.item.id)!] : []))) : new Map<string, Buffer>();
  const said = (r: (typeof ranked)[number]): RetrievedItem => {
    const item = { ...r.candidate.item, score: Math.round(r.p * 1000) / 1000, matched: r.matched };
    const row = item.kind === "memory" ? rowsById.get(item.id) : undefined;
    return row && item.kind === "memory"
      ? { ...item, ...answeringSentences(row.content, vector, sentenceVectors.get(row.id) ?? row.vectors ?? (fresh.has(row.id) ? encodeVectors(fresh.get(row.id)!) : null), terms.groups, terms.asksFeeling) }
      : item;
  };
  const items = cited.map(said);
  const chosen = new Set(cited.map((r) => r.candidate.item.id));
  const runnersUp = ranked
    .filter((r) => !chosen.has(r.candidate.item.id))
    .slice(0, RUNNERS_UP)
    .map(said);
  const weighed = ranked.map((r) => ({ kind: r.candidate.kind, id: r.candidate.item.id, p: r.p }));
  return { terms, items, confident, topics: confident ? [] : await readTopics(tx, userId, reader, 4, citableOnly), nearMiss: confident ? null : nearMissOf(ranked), runnersUp, weighed };
}
