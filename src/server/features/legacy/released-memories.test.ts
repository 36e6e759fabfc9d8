import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legacyMessages, releasedMemoriesResponseSchema } from "../../../contract";
import { withReaderScope } from "../../db/user-scope";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { runReleaseScheduler } from "./release";

// Legacy, part 2 (issue 16): what a contact reads once the legacy is released, held by the service's reader rule and,
// on its own, by the database's policy.
const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const read = (cookie: string, contactId: string, query = "") => get(t, `/api/legacy/named-me/${contactId}/memories${query}`, cookie);

/** An owner with one memory of every audience and seal, and one accepted contact. */
async function ownerWithEverything(name: string) {
  const { owner, contacts } = await ownerWithContacts(t, name, ["contact"]);
  const add = (content: string, extra: Record<string, unknown>) =>
    send(t, "POST", "/api/memories", { content, emotion: "Love", category: "family", ...extra }, owner.cookie).then((r) => {
      expect(r.statusCode).toBe(201);
      return r.json().memory.id as string;
    });
  const ids = {
    family: await add("The family memory about Sunday lunches at the farm.", { visibility: "family" }),
    public: await add("The public memory about founding the choir in 1988.", { visibility: "public", category: "creative" }),
    twinOnly: await add("The twin-only memory about a quarrel with my brother.", { visibility: "twin-only" }),
    private: await add("The private memory nobody else may ever read.", { visibility: "private" }),
    sealedDate: await add("The sealed memory that opens on a date.", { visibility: "family", seal: { kind: "until", date: dayFromNow(40) } }),
    sealedDays: await add("The sealed memory that opens 30 days after release.", { visibility: "family", seal: { kind: "daysAfterRelease", days: 30 } }),
  };
  const [row] = (await t.owner.query(`SELECT id FROM "user" WHERE email = $1`, [`${name}@example.com`])).rows;
  return { owner: { ...owner, id: row.id as string }, contact: contacts[0]!, ids };
}

/** Moves the owner's legacy to a state directly (the transitions themselves are release.test.ts's). */
async function setState(ownerId: string, state: "active" | "released" | "paused" | "retired", releasedDaysAgo = 1) {
  const releasedAt = state === "active" ? null : new Date(Date.now() - releasedDaysAgo * DAY);
  await t.owner.query(
    `INSERT INTO legacy_releases (user_id, state, released_at, retired_at) VALUES ($1, $2, $3, CASE WHEN $2 = 'retired' THEN now() END)
     ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, released_at = EXCLUDED.released_at, retired_at = EXCLUDED.retired_at`,
    [ownerId, state, releasedAt],
  );
}

describe("released memories, as a contact reads them", () => {
  it("before release: nothing to read, and the answer says so", async () => {
    const { contact } = await ownerWithEverything("unreleased.owner");
    const answer = await read(contact.cookie, contact.contactId);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toEqual({ code: "legacy_not_released", message: legacyMessages.notReleased("unreleased.owner@example.com") });
  });

  it("after release: family and public memories whose seals opened, in time order (undated: as written), by theme, with the days sealed ones open", async () => {
    const { owner, contact, ids } = await ownerWithEverything("released.owner");
    await setState(owner.id, "released", 2);
    const answer = await read(contact.cookie, contact.contactId);
    expect(answer.statusCode).toBe(200);
    const body = releasedMemoriesResponseSchema.parse(answer.json());
    expect(body.memories.map((m) => m.id)).toEqual([ids.family, ids.public]);
    expect(body).toMatchObject({ ownerName: "released.owner@example.com", state: "released", total: 2 });
    expect(body.themes).toEqual([
      { category: "creative", count: 1 },
      { category: "family", count: 1 },
    ]);
    expect(body.sealed).toEqual([
      { opensOn: new Date(Date.now() - 2 * DAY + 30 * DAY).toISOString().slice(0, 10), count: 1 },
      { opensOn: dayFromNow(40), count: 1 },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/twin-only memory|private memory|sealed memory/);

    const family = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId, "?category=family")).json());
    expect(family.memories.map((m) => m.id)).toEqual([ids.family]);
    expect(family.total).toBe(1);
    const paged = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId, "?limit=1&offset=1")).json());
    expect(paged.memories.map((m) => m.id)).toEqual([ids.public]);
    expect((await read(contact.cookie, contact.contactId, "?category=gardening")).statusCode).toBe(400);
  });

  it("a seal counted from release opens once its days have passed; paused and retired legacies stay readable", async () => {
    const { owner, contact, ids } = await ownerWithEverything("opened.owner");
    await setState(owner.id, "paused", 31);
    const paused = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId)).json());
    expect(paused.state).toBe("paused");
    expect(paused.memories.map((m) => m.id)).toEqual([ids.family, ids.public, ids.sealedDays]);
    // The opened letter says the day it opened (released 31 days ago, sealed for 30 days after); the others were never sealed.
    const releasedOn = Date.parse(new Date(Date.now() - 31 * DAY).toISOString().slice(0, 10));
    expect(paused.memories.map((m) => m.openedOn)).toEqual([null, null, new Date(releasedOn + 30 * DAY).toISOString().slice(0, 10)]);
    await setState(owner.id, "retired", 31);
    expect(releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId)).json()).state).toBe("retired");
  });

  it("nobody else reaches them: another owner's contact, a stranger, the owner through someone else's row, a made-up id", async () => {
    const a = await ownerWithEverything("isolated.a");
    const b = await ownerWithEverything("isolated.b");
    await setState(a.owner.id, "released");
    await setState(b.owner.id, "released");
    const stranger = await newUser(t, "isolated.stranger@example.com");
    for (const [cookie, contactId] of [
      [b.contact.cookie, a.contact.contactId],
      [stranger.cookie, a.contact.contactId],
      [a.owner.cookie, a.contact.contactId],
      [a.contact.cookie, "00000000-0000-4000-8000-000000000000"],
      [a.contact.cookie, "not-an-id"],
    ] as const) {
      const answer = await read(cookie, contactId);
      expect(answer.statusCode, `${contactId}`).toBe(404);
      expect(answer.json().error.code).toBe("legacy_contact_not_found");
    }
    // B's contact reads B's memories only.
    const own = releasedMemoriesResponseSchema.parse((await read(b.contact.cookie, b.contact.contactId)).json());
    expect(own.memories.map((m) => m.id).sort()).toEqual([b.ids.family, b.ids.public].sort());
  });
});

describe("seals opening after release", () => {
  it("are announced to every accepted contact by e-mail once, when they open, with the link to read them", async () => {
    const { owner, contact } = await ownerWithEverything("announce.owner");
    await setState(owner.id, "released", 0);
    const deps = (days: number) => ({ db: t.ctx.db, mailer: t.ctx.mailer, publicUrl: t.ctx.config.publicUrl, now: () => new Date(Date.now() + days * DAY) });
    const mailsTo = () => t.mails.filter((m) => m.to === "announce.owner.c0@example.com" && m.subject.includes("opened today"));
    await t.owner.query(`INSERT INTO profiles (user_id, first_name) VALUES ($1, 'Rosa') ON CONFLICT (user_id) DO UPDATE SET first_name = 'Rosa'`, [owner.id]);
    await runReleaseScheduler(deps(10));
    expect(mailsTo()).toHaveLength(0);
    // Day 31: the memory sealed for 30 days after release opens (the one sealed until day 40 has not).
    await runReleaseScheduler(deps(31));
    expect(mailsTo()).toHaveLength(1);
    expect(mailsTo()[0]!.subject).toBe("A memory from Rosa opened today");
    expect(mailsTo()[0]!.text).toContain(`/legacy/${contact.contactId}/memories`);
    await runReleaseScheduler(deps(32));
    expect(mailsTo()).toHaveLength(1);
    // Day 41: the one sealed until a date opens, announced on its own.
    await runReleaseScheduler(deps(41));
    expect(mailsTo()).toHaveLength(2);
  });
});

describe("the database's own policy for readers (no service in between)", () => {
  /** What the app role reads of `ownerId`'s memories acting for `readerEmail` with `app.reading_owner` set. */
  async function visibleTo(readerEmail: string, ownerId: string): Promise<string[]> {
    const [reader] = (await t.owner.query(`SELECT id FROM "user" WHERE email = $1`, [readerEmail])).rows;
    const rows = await withReaderScope(t.ctx.db, { readerId: reader.id, ownerId, now: new Date() }, (tx) => tx.execute<{ content: string }>(sql`SELECT content FROM memories ORDER BY content`));
    return rows.rows.map((r) => r.content.split(" ")[1]!);
  }

  it("holds the line by itself: an accepted contact after release reads no private, twin-only or sealed memory; before release, or anyone else, reads nothing", async () => {
    const { owner } = await ownerWithEverything("policy.owner");
    await newUser(t, "policy.stranger@example.com");
    expect(await visibleTo("policy.owner.c0@example.com", owner.id)).toEqual([]);
    await setState(owner.id, "released", 2);
    expect(await visibleTo("policy.owner.c0@example.com", owner.id)).toEqual(["family", "public"]);
    expect(await visibleTo("policy.stranger@example.com", owner.id)).toEqual([]);
    // A contact whose invitation was not accepted reads nothing either.
    await t.owner.query(`UPDATE legacy_contacts SET accepted_at = NULL, contact_user_id = NULL WHERE user_id = $1`, [owner.id]);
    expect(await visibleTo("policy.owner.c0@example.com", owner.id)).toEqual([]);
    // Nor does anyone else's reading scope change what the owner's own scope sees.
    expect((await visibleTo("policy.owner@example.com", owner.id)).length).toBe(6);
  });
});

describe("nothing of the owner leaks through a contact's other routes", () => {
  it("after release, a contact's own vault, search, stats, overview, twin, insights and export hold none of the owner's memories", async () => {
    const { owner, contact, ids } = await ownerWithEverything("leak.owner");
    await setState(owner.id, "released", 31);
    const sources = [
      "/api/memories",
      "/api/memories?q=memory",
      "/api/memories?q=Sunday%20lunches%20farm",
      "/api/memories/stats",
      `/api/memories/${ids.family}`,
      `/api/memories/${ids.private}/versions`,
      "/api/overview",
      "/api/twin/status",
      "/api/twin/messages",
      "/api/export/summary",
      "/api/export/consciousness",
      "/api/legacy/release",
      "/api/legacy/contacts",
    ];
    for (const url of sources) {
      const answer = await get(t, url, contact.cookie);
      expect(answer.body, url).not.toMatch(/family memory|public memory|twin-only memory|private memory|sealed memory/);
      for (const id of Object.values(ids)) expect(answer.body, url).not.toContain(id);
    }
    // Insights are computed from the asker's own memories (none here), never the owner's.
    for (const url of ["/api/twin/insights/memory", "/api/twin/insights/values"]) {
      const answer = await send(t, "POST", url, {}, contact.cookie);
      expect(answer.body, url).not.toMatch(/Sunday lunches|choir|quarrel|nobody else/);
    }
  });
});
