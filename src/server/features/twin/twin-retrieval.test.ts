import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withUserScope } from "../../db/user-scope";
import { MINILM_MODEL_ID, readTwinReaderManifest } from "../../providers/embeddings";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { queueStaleEmbeddings } from "./embedding-job";
import { sql } from "drizzle-orm";
import { addAnswer, addMemory, ask } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const READER_ID = readTwinReaderManifest().id;
const citedIds = (answer: Awaited<ReturnType<typeof ask>>) => answer.metadata?.sources.map((s) => s.id) ?? [];
const queuedEmbedJobs = async (userId: string) =>
  (await t.owner.query(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'twin-embed' AND status = 'queued' AND payload->>'userId' = $1`, [userId])).rows[0].n as number;

describe("twin retrieval by meaning", () => {
  it("finds the memory a question means when they share no words, once the memory has its vectors", async () => {
    const { cookie } = await newUser(t, "meaning@example.com");
    const daughter = await addMemory(t, cookie, { content: "Our daughter arrived three weeks early, in March 1989, in the back of a taxi on the way to the hospital.", emotion: "Joy" });
    const chemo = await addMemory(t, cookie, { content: "The chemotherapy for my tumour took most of 2011, and my sister drove me to every session.", emotion: "Fear" });
    await addMemory(t, cookie, { content: "We grew tomatoes and beans behind the house every summer.", emotion: "Joy" });
    // Before the embedding job has run there is nothing to go on but words, and these questions share none.
    expect(citedIds(await ask(t, cookie, "When did your little girl come into the world?"))).toEqual([]);
    await t.drainJobs();
    expect(citedIds(await ask(t, cookie, "When did your little girl come into the world?"))).toEqual([daughter]);
    expect(citedIds(await ask(t, cookie, "How did your cancer treatment go?"))).toEqual([chemo]);
    const sick = await ask(t, cookie, "Who took you to your chemo appointments?");
    expect(citedIds(sick)).toEqual([chemo]);
    // The answer replies with the memory's own words, in the first person.
    expect(sick.text).toContain("my sister drove me to every session");
  });

  it("matches advice to a calibration answer by meaning", async () => {
    const { cookie } = await newUser(t, "advice.meaning@example.com");
    const move = await addAnswer(t, cookie, "Your grown child wants to move across the country for a job.", "I would tell him to go, and to call every Sunday. We stayed put once for my mother and I wondered for years what we missed.");
    await addMemory(t, cookie, { content: "Our first apartment had a view of the train yard." });
    await t.drainJobs();
    const answer = await ask(t, cookie, "My son got a job offer three states away. Should he take it?");
    expect(citedIds(answer)).toEqual([move]);
    expect(answer.text).toContain("I would tell him to go");
    // The laboratory reads every scenario as "what would you do", however it is phrased.
    const lab = await send(t, "POST", "/api/twin/scenario", { scenario: "My son got a job offer three states away." }, cookie);
    expect(lab.json().sources.map((s: { id: string }) => s.id)).toEqual([move]);
    expect(lab.json().decision).toContain("call every Sunday");
  });

  it("declines a question that is only near a memory: a cat when the person wrote about a dog", async () => {
    const { cookie } = await newUser(t, "nearmiss@example.com");
    const dog = await addMemory(t, cookie, { content: "Our dog Pepper slept under the bed every time there was thunder.", emotion: "Love", tags: "Pepper" });
    await addMemory(t, cookie, { content: "I met my husband at a friend's wedding in Oaxaca.", emotion: "Love" });
    await t.drainJobs();
    const cat = await ask(t, cookie, "Have you ever owned a cat?");
    expect(cat.metadata).toMatchObject({ sources: [], abstained: true });
    // The decline names what the person did write (issue 41), without citing it.
    expect(cat.text).toBe("No, I never talked about a cat. Our dog Pepper slept under the bed every time there was thunder.");
    expect(citedIds(await ask(t, cookie, "Have you ever been to Japan?"))).toEqual([]);
    expect(citedIds(await ask(t, cookie, "Tell me about your dog."))).toEqual([dog]);
  });

  it("folds accents the same way in the twin and in search: Tomás, TOMAS and tomas are one name", async () => {
    const { cookie } = await newUser(t, "accents@example.com");
    const tomas = await addMemory(t, cookie, { content: "I met my husband Tomás at a friend's wedding in Oaxaca.", emotion: "Love" });
    await addMemory(t, cookie, { content: "We grew tomatoes and beans behind the house every summer." });
    await t.drainJobs();
    for (const question of ["How did you meet TOMAS?", "How did you meet tomas?", "How did you meet Tomás?"]) {
      expect(citedIds(await ask(t, cookie, question)), question).toEqual([tomas]);
    }
    for (const q of ["tomas", "TOMÁS", "Tomas"]) {
      // Search also forgives typos by trigrams, so "tomatoes" may follow; the exact name comes first.
      const found = (await get(t, `/api/memories?q=${encodeURIComponent(q)}`, cookie)).json();
      expect(found.memories[0]?.id, q).toBe(tomas);
    }
  });

  it("never draws on a hidden memory, even when it is the closest in meaning", async () => {
    const { cookie } = await newUser(t, "hidden.meaning@example.com");
    const chemo = await addMemory(t, cookie, { content: "The chemotherapy for my tumour took most of 2011, and my sister drove me to every session.", emotion: "Fear" });
    await addMemory(t, cookie, { content: "We grew tomatoes and beans behind the house every summer." });
    await t.drainJobs();
    expect(citedIds(await ask(t, cookie, "How did your cancer treatment go?"))).toEqual([chemo]);
    await send(t, "PATCH", `/api/memories/${chemo}`, { hiddenFromTwin: true }, cookie);
    const answer = await ask(t, cookie, "How did your cancer treatment go?");
    expect(citedIds(answer)).toEqual([]);
    expect(answer.text).not.toContain("chemotherapy");
  });
});

describe("the embedding job", () => {
  it("embeds new and edited memories, skips changes that leave the text alone, and backfills after an upgrade or a model change", async () => {
    const { cookie, id } = await newUser(t, "embed.job@example.com");
    const memory = await addMemory(t, cookie, { content: "My father kept bees behind the barn. He sold the honey at church.", tags: "bees, father" });
    await addAnswer(t, cookie, "A friend asks to borrow money.", "I would give what I can afford to lose.");
    // One job per person while one is waiting, queued in the same transaction as the writes.
    expect(await queuedEmbedJobs(id)).toBe(1);
    await t.drainJobs();
    const rows = async () =>
      (await t.owner.query(`SELECT memory_id, calibration_id, model_id, text_hash, length(vectors) AS bytes FROM twin_embeddings WHERE user_id = $1 ORDER BY memory_id NULLS LAST`, [id])).rows;
    const first = await rows();
    expect(first).toHaveLength(2);
    // The memory and the calibration answer: each read whole by the twin's reader, 384 float32.
    expect(first[0]).toMatchObject({ memory_id: memory, model_id: READER_ID, bytes: 384 * 4 });
    expect(first[1]).toMatchObject({ memory_id: null, model_id: READER_ID, bytes: 384 * 4 });

    // Hiding changes no text: nothing to embed.
    await send(t, "PATCH", `/api/memories/${memory}`, { hiddenFromTwin: true }, cookie);
    expect(await queuedEmbedJobs(id)).toBe(0);
    // Editing the text makes the vector stale: a job is queued and computes a new one.
    expect((await send(t, "PATCH", `/api/memories/${memory}`, { content: "My grandmother kept bees and taught me to smoke the hive." }, cookie)).statusCode).toBe(200);
    expect(await queuedEmbedJobs(id)).toBe(1);
    await t.drainJobs();
    const edited = await rows();
    expect(edited[0]!.text_hash).not.toBe(first[0]!.text_hash);
    expect(edited[0]!.bytes).toBe(384 * 4);

    // After an upgrade (no vectors yet) and after a model change (MiniLM's vectors, before the reader), start-up
    // queues the work and the job redoes it.
    await t.owner.query(`DELETE FROM twin_embeddings WHERE memory_id = $1`, [memory]);
    await t.owner.query(`UPDATE twin_embeddings SET model_id = '${MINILM_MODEL_ID}' WHERE user_id = $1`, [id]);
    expect(await queueStaleEmbeddings(t.ctx.db, READER_ID)).toBeGreaterThanOrEqual(1);
    expect(await queuedEmbedJobs(id)).toBe(1);
    await t.drainJobs();
    expect((await rows()).map((r) => r.model_id)).toEqual([READER_ID, READER_ID]);
    expect(await queueStaleEmbeddings(t.ctx.db, READER_ID)).toBe(0);
  });
});

describe("twin vectors stay with their owner", () => {
  it("never lets another person's memories reach a twin, by meaning or by row-level security", async () => {
    const a = await newUser(t, "vectors.a@example.com");
    const b = await newUser(t, "vectors.b@example.com");
    await addMemory(t, a.cookie, { content: "We grew tomatoes and beans behind the house every summer." });
    await addMemory(t, b.cookie, { content: "The chemotherapy for my tumour took most of 2011, and my sister drove me to every session.", emotion: "Fear" });
    await t.drainJobs();
    const answer = await ask(t, a.cookie, "How did your cancer treatment go?");
    expect(answer.metadata).toMatchObject({ sources: [], abstained: true });
    expect(answer.text).not.toContain("chemotherapy");
    // The app role, acting for A, sees none of B's vectors even without a user filter in the query.
    const seen = await withUserScope(t.ctx.db, a.id, (tx) => tx.execute<{ user_id: string }>(sql`SELECT user_id FROM twin_embeddings`));
    expect(seen.rows.length).toBeGreaterThan(0);
    expect(seen.rows.every((r) => r.user_id === a.id)).toBe(true);
  });
});
