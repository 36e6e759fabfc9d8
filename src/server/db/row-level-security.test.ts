import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureProfile } from "../features/profile";
import { createTestApp, get, signIn, type TestApp } from "../test/harness";
import { profiles } from "./schema";
import { withUserScope } from "./user-scope";

let t: TestApp;
let alice: string;
let bob: string;
let aliceCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  aliceCookie = await signIn(t, "alice@example.com");
  await signIn(t, "bob@example.com");
  const ids = await t.owner.query(`SELECT id, email FROM "user"`);
  alice = ids.rows.find((r) => r.email === "alice@example.com").id;
  bob = ids.rows.find((r) => r.email === "bob@example.com").id;
});
afterAll(() => t.close());

describe("row-level security, on its own (queries made straight against the database)", () => {
  it("the app connects as a role that is neither superuser nor able to bypass row-level security", async () => {
    const result = await t.ctx.db.execute<{ current_user: string; rolsuper: boolean; rolbypassrls: boolean }>(
      sql`SELECT current_user, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`,
    );
    expect(result.rows[0]).toEqual({ current_user: "mindprint_app", rolsuper: false, rolbypassrls: false });
  });

  it("the rows exist: the owning superuser sees both profiles", async () => {
    const all = await t.owner.query(`SELECT user_id FROM profiles`);
    expect(all.rows.map((r) => r.user_id).sort()).toEqual([alice, bob].sort());
  });

  it("a query without a user context sees no rows", async () => {
    const rows = await t.ctx.db.select().from(profiles);
    expect(rows).toEqual([]);
  });

  it("user A's context cannot read, change or delete user B's profile", async () => {
    await withUserScope(t.ctx.db, alice, async (tx) => {
      expect(await tx.select().from(profiles).where(eq(profiles.userId, bob))).toEqual([]);
      const updated = await tx.update(profiles).set({ firstName: "Mallory" }).where(eq(profiles.userId, bob)).returning();
      expect(updated).toEqual([]);
      const deleted = await tx.delete(profiles).where(eq(profiles.userId, bob)).returning();
      expect(deleted).toEqual([]);
      const own = await tx.select().from(profiles);
      expect(own.map((r) => r.userId)).toEqual([alice]);
    });
    const bobRow = await t.owner.query(`SELECT first_name FROM profiles WHERE user_id = $1`, [bob]);
    expect(bobRow.rows).toEqual([{ first_name: null }]);
  });

  it("user A's context cannot write a row that belongs to user B", async () => {
    await t.owner.query(`DELETE FROM profiles WHERE user_id = $1`, [bob]);
    await expect(withUserScope(t.ctx.db, alice, (tx) => tx.insert(profiles).values({ userId: bob }))).rejects.toThrow();
    await ensureProfile(t.ctx.db, bob);
  });

  it("the user context lasts for its own transaction only", async () => {
    await withUserScope(t.ctx.db, alice, async () => {});
    expect(await t.ctx.db.select().from(profiles)).toEqual([]);
  });
});

describe("coverage", () => {
  it("every user-owned table has row-level security (Better Auth's session and account excepted)", async () => {
    const result = await t.owner.query(`
      SELECT c.table_name, t.rowsecurity FROM information_schema.columns c
      JOIN pg_tables t ON t.tablename = c.table_name AND t.schemaname = c.table_schema
      WHERE c.table_schema = 'public' AND c.column_name = 'user_id' AND c.table_name NOT IN ('session', 'account')`);
    expect(result.rows.length).toBeGreaterThanOrEqual(3);
    expect(result.rows.filter((r) => !r.rowsecurity)).toEqual([]);
  });
});

describe("the service layer, on its own", () => {
  it("ensureProfile answers the asking user's profile", async () => {
    expect((await ensureProfile(t.ctx.db, alice)).id).toBe(alice);
  });

  it("the profile endpoint answers the caller's own profile", async () => {
    expect((await get(t, "/api/profile", aliceCookie)).json().profile.id).toBe(alice);
  });
});
