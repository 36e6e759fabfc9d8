import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../test/harness";
import { memories, memoryVersions } from "./schema";
import { withUserScope } from "./user-scope";

let t: TestApp;
let alice: string;
let bob: string;
let aliceMemory: string;

// Rows are written by the superuser owner, so this file proves PostgreSQL's policies without any service code.
beforeAll(async () => {
  t = await createTestApp();
  await signIn(t, "alice@example.com");
  await signIn(t, "bob@example.com");
  const ids = await t.owner.query(`SELECT id, email FROM "user"`);
  alice = ids.rows.find((r) => r.email === "alice@example.com").id;
  bob = ids.rows.find((r) => r.email === "bob@example.com").id;
  const inserted = await t.owner.query(
    `INSERT INTO memories (user_id, content, emotion, authenticity_score) VALUES ($1, 'Alice by the sea', 'Joy', 50) RETURNING id`,
    [alice],
  );
  aliceMemory = inserted.rows[0].id;
  await t.owner.query(`INSERT INTO memory_versions (memory_id, user_id, version, content, emotion, category, tags, emotional_intensity)
    VALUES ($1, $2, 1, 'Alice by the sea', 'Joy', 'personal', '{}', 5)`, [aliceMemory, alice]);
});
afterAll(() => t.close());

describe("the index-backed match functions (migrations 0010, 0039) answer only the current user's ids and words", () => {
  const matching = sql`SELECT id FROM memory_ids_matching(to_tsquery('english', 'sea'))`;
  const near = sql`SELECT r.id FROM memory_close_terms('aliced', 0.6, 5, 8) AS c, LATERAL memory_ids_close_ranked(c.close_query, c.terms, c.similarities, NULL, NULL, true, NULL, 200, 0, 50) AS r`;
  it("without a user context they return nothing", async () => {
    expect((await t.ctx.db.execute(matching)).rows).toEqual([]);
    expect((await t.ctx.db.execute(near)).rows).toEqual([]);
  });
  it("for the owner they find the memory, for anyone else nothing", async () => {
    await withUserScope(t.ctx.db, alice, async (tx) => {
      expect((await tx.execute(matching)).rows).toEqual([{ id: aliceMemory }]);
      expect((await tx.execute(near)).rows).toEqual([{ id: aliceMemory }]);
    });
    await withUserScope(t.ctx.db, bob, async (tx) => {
      expect((await tx.execute(matching)).rows).toEqual([]);
      expect((await tx.execute(near)).rows).toEqual([]);
    });
  });
});

describe("the search words (migration 0039)", () => {
  const words = sql`SELECT user_id, word, memories FROM memory_words ORDER BY word`;
  it("follow the owner's memories, and each user's context reads only their own", async () => {
    expect((await t.ctx.db.execute(words)).rows).toEqual([]);
    await withUserScope(t.ctx.db, alice, async (tx) => {
      expect((await tx.execute(words)).rows).toEqual([{ user_id: alice, word: "alice", memories: 1 }, { user_id: alice, word: "sea", memories: 1 }, { user_id: alice, word: "the", memories: 1 }]);
    });
    await withUserScope(t.ctx.db, bob, async (tx) => {
      expect((await tx.execute(words)).rows).toEqual([]);
    });
  });
  it("cannot be written by the app, not even for its own user", async () => {
    for (const write of [
      sql`UPDATE memory_words SET memories = 99`,
      sql`DELETE FROM memory_words`,
      sql`INSERT INTO memory_words (user_id, word, memories) VALUES (${alice}, 'lighthouse', 5)`,
    ]) {
      await expect(withUserScope(t.ctx.db, alice, (tx) => tx.execute(write))).rejects.toThrow();
    }
    const owner = await t.owner.query(`SELECT count(*)::int AS n FROM memory_words WHERE user_id = $1`, [alice]);
    expect(owner.rows).toEqual([{ n: 3 }]);
  });
});

describe("the memory counters (migration 0015)", () => {
  const counts = sql`SELECT user_id, emotion, category, hidden_from_twin, n::int AS n FROM memory_counts`;
  it("follow the owner's memories, and each user's context reads only their own", async () => {
    expect((await t.ctx.db.execute(counts)).rows).toEqual([]);
    await withUserScope(t.ctx.db, alice, async (tx) => {
      expect((await tx.execute(counts)).rows).toEqual([{ user_id: alice, emotion: "Joy", category: "personal", hidden_from_twin: false, n: 1 }]);
    });
    await withUserScope(t.ctx.db, bob, async (tx) => {
      expect((await tx.execute(counts)).rows).toEqual([]);
    });
  });
  it("cannot be written by the app, not even for its own user", async () => {
    for (const write of [
      sql`UPDATE memory_counts SET n = 99`,
      sql`DELETE FROM memory_counts`,
      sql`INSERT INTO memory_counts (user_id, emotion, category, hidden_from_twin, n) VALUES (${alice}, 'Love', 'family', false, 5)`,
    ]) {
      await expect(withUserScope(t.ctx.db, alice, (tx) => tx.execute(write))).rejects.toThrow();
    }
    const owner = await t.owner.query(`SELECT sum(n)::int AS n FROM memory_counts WHERE user_id = $1`, [alice]);
    expect(owner.rows).toEqual([{ n: 1 }]);
  });
});

describe("row-level security on memories and memory_versions, on its own", () => {
  it("a query without a user context sees no memories and no versions", async () => {
    expect(await t.ctx.db.select().from(memories)).toEqual([]);
    expect(await t.ctx.db.select().from(memoryVersions)).toEqual([]);
  });

  it("the owner's context sees them (the rows exist)", async () => {
    await withUserScope(t.ctx.db, alice, async (tx) => {
      expect((await tx.select().from(memories)).map((r) => r.id)).toEqual([aliceMemory]);
      expect(await tx.select().from(memoryVersions)).toHaveLength(1);
    });
  });

  it("B's context, even asking by id, cannot read, change or delete A's rows", async () => {
    await withUserScope(t.ctx.db, bob, async (tx) => {
      expect(await tx.select().from(memories).where(eq(memories.id, aliceMemory))).toEqual([]);
      expect(await tx.select().from(memoryVersions).where(eq(memoryVersions.memoryId, aliceMemory))).toEqual([]);
      expect(await tx.update(memories).set({ content: "Mallory" }).where(eq(memories.id, aliceMemory)).returning()).toEqual([]);
      expect(await tx.delete(memories).where(eq(memories.id, aliceMemory)).returning()).toEqual([]);
    });
    const row = await t.owner.query(`SELECT content FROM memories WHERE id = $1`, [aliceMemory]);
    expect(row.rows).toEqual([{ content: "Alice by the sea" }]);
  });

  it("B's context cannot write a memory or a version that belongs to A", async () => {
    await expect(
      withUserScope(t.ctx.db, bob, (tx) => tx.insert(memories).values({ userId: alice, content: "forged", emotion: "Joy", authenticityScore: 1 })),
    ).rejects.toThrow();
    await expect(
      withUserScope(t.ctx.db, bob, (tx) =>
        tx.insert(memoryVersions).values({ memoryId: aliceMemory, userId: alice, version: 2, content: "forged", emotion: "Joy", category: "personal", tags: [], emotionalIntensity: 5 }),
      ),
    ).rejects.toThrow();
  });

  it("the history is append-only for the app role, even for its owner", async () => {
    await expect(withUserScope(t.ctx.db, alice, (tx) => tx.update(memoryVersions).set({ content: "rewritten" }))).rejects.toThrow();
    await expect(withUserScope(t.ctx.db, alice, (tx) => tx.delete(memoryVersions))).rejects.toThrow();
  });
});
