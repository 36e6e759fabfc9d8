import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryVisibilityValues } from "../../../contract";
import { createTestApp, newUser, type TestApp } from "../../test/harness";
import { accessOf, memoryAccessSql, type MemoryFacts, type Reader, type Release } from "./reader-rule";

// The reader rule as a table: every reader × audience × seal × release state × hidden flag, decided by accessOf, and
// the same decisions read back from PostgreSQL through memoryAccessSql over real rows. The two must agree everywhere.
const DAY = 86_400_000;
const now = new Date("2031-06-15T12:00:00Z");
const readers: Reader[] = [{ kind: "owner" }, { kind: "contact", contactId: "c1" }, { kind: "public" }];
const seals = [
  { name: "no seal", sealedUntil: null, sealedDaysAfterRelease: null },
  { name: "sealed until yesterday", sealedUntil: "2031-06-14", sealedDaysAfterRelease: null },
  { name: "sealed until tomorrow", sealedUntil: "2031-06-16", sealedDaysAfterRelease: null },
  { name: "sealed 10 days after release", sealedUntil: null, sealedDaysAfterRelease: 10 },
] as const;
const releases: { name: string; release: Release }[] = [
  { name: "active", release: { state: "active", releasedAt: null } },
  { name: "pending", release: { state: "pending", releasedAt: null } },
  { name: "released 5 days ago", release: { state: "released", releasedAt: new Date(now.getTime() - 5 * DAY) } },
  { name: "released 20 days ago", release: { state: "released", releasedAt: new Date(now.getTime() - 20 * DAY) } },
  { name: "paused", release: { state: "paused", releasedAt: new Date(now.getTime() - 20 * DAY) } },
  { name: "retired", release: { state: "retired", releasedAt: new Date(now.getTime() - 20 * DAY) } },
];
const memories: (MemoryFacts & { name: string })[] = memoryVisibilityValues.flatMap((visibility) =>
  seals.flatMap((seal) =>
    [false, true].map((hiddenFromTwin) => ({
      name: `${visibility}, ${seal.name}${hiddenFromTwin ? ", hidden from the twin" : ""}`,
      visibility,
      sealedUntil: seal.sealedUntil,
      sealedDaysAfterRelease: seal.sealedDaysAfterRelease,
      hiddenFromTwin,
    })),
  ),
);

let t: TestApp;
let ownerId: string;
const idOf = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await newUser(t, "reader.rule@example.com")).id;
  for (const m of memories) {
    const row = await t.owner.query<{ id: string }>(
      `INSERT INTO memories (user_id, content, emotion, category, authenticity_score, visibility, sealed_until, sealed_days_after_release, hidden_from_twin)
       VALUES ($1, $2, 'Joy', 'personal', 50, $3, $4, $5, $6) RETURNING id`,
      [ownerId, m.name, m.visibility, m.sealedUntil, m.sealedDaysAfterRelease, m.hiddenFromTwin],
    );
    idOf.set(m.name, row.rows[0]!.id);
  }
});
afterAll(() => t.close());

const dialect = new PgDialect();
async function idsWhere(condition: ReturnType<typeof memoryAccessSql>): Promise<Set<string>> {
  const query = dialect.sqlToQuery(sql`SELECT m.id FROM memories m WHERE m.user_id = ${ownerId} AND ${condition}`);
  return new Set((await t.owner.query<{ id: string }>(query.sql, query.params as unknown[])).rows.map((r) => r.id));
}

describe("the reader rule", () => {
  it("decides the same in TypeScript and in SQL for every reader, audience, seal, release state and hidden flag", async () => {
    let compared = 0;
    for (const reader of readers) {
      for (const { release } of releases) {
        for (const use of ["see", "twinMayUse", "twinMayCite"] as const) {
          const fromSql = await idsWhere(memoryAccessSql(reader, release, now, use));
          for (const m of memories) {
            expect({ reader: reader.kind, release: release.state, releasedAt: release.releasedAt, memory: m.name, use, allowed: fromSql.has(idOf.get(m.name)!) }).toEqual({
              reader: reader.kind,
              release: release.state,
              releasedAt: release.releasedAt,
              memory: m.name,
              use,
              allowed: accessOf(reader, release, m, now)[use],
            });
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(readers.length * releases.length * 3 * memories.length);
  });

  const released20 = releases[3]!.release;
  const access = (reader: Reader, release: Release, name: string) => accessOf(reader, release, memories.find((m) => m.name === name)!, now);

  it("gives the owner everything they wrote, and their twin all but what they hid", () => {
    expect(access({ kind: "owner" }, releases[0]!.release, "private, sealed until tomorrow")).toEqual({ see: true, twinMayUse: true, twinMayCite: true });
    expect(access({ kind: "owner" }, releases[0]!.release, "family, no seal, hidden from the twin")).toEqual({ see: true, twinMayUse: false, twinMayCite: false });
  });

  it("shows nobody else anything before release", () => {
    for (const { release } of releases.slice(0, 2)) {
      for (const reader of readers.slice(1)) expect(access(reader, release, "public, no seal")).toEqual({ see: false, twinMayUse: false, twinMayCite: false });
    }
  });

  it("never releases a private memory", () => {
    for (const { release } of releases) {
      for (const reader of readers.slice(1)) expect(access(reader, release, "private, no seal")).toEqual({ see: false, twinMayUse: false, twinMayCite: false });
    }
  });

  it("lets the twin draw on a twin-only memory for a contact without ever showing or citing it, and never for the public", () => {
    expect(access({ kind: "contact", contactId: "c1" }, released20, "twin-only, no seal")).toEqual({ see: false, twinMayUse: true, twinMayCite: false });
    expect(access({ kind: "public" }, released20, "twin-only, no seal")).toEqual({ see: false, twinMayUse: false, twinMayCite: false });
  });

  it("gives a contact family and public memories, and the public only public ones, once their seals open", () => {
    const contact: Reader = { kind: "contact", contactId: "c1" };
    expect(access(contact, released20, "family, no seal").see).toBe(true);
    expect(access({ kind: "public" }, released20, "family, no seal").see).toBe(false);
    expect(access({ kind: "public" }, released20, "public, no seal").see).toBe(true);
    expect(access(contact, released20, "family, sealed until tomorrow").see).toBe(false);
    expect(access(contact, released20, "family, sealed until yesterday").see).toBe(true);
    expect(access(contact, releases[2]!.release, "family, sealed 10 days after release").see).toBe(false);
    expect(access(contact, released20, "family, sealed 10 days after release").see).toBe(true);
  });

  it("keeps released memories readable while the twin is paused or retired, but the twin says nothing", () => {
    for (const { release } of releases.slice(4)) {
      expect(access({ kind: "contact", contactId: "c1" }, release, "family, no seal")).toEqual({ see: true, twinMayUse: false, twinMayCite: false });
    }
  });
});
