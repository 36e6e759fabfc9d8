import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { legacyMessages, memorialPageResponseSchema, releaseResponseSchema, releasedMemoriesResponseSchema } from "../../../contract";
import { withMemorialScope, withReaderScope } from "../../db/user-scope";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { postFile } from "../../test/multipart";
import { ageWhen } from "./story";

// Issue 34, "the real story": released memories in the order they happened, with the owner's age then and the
// question a capture answer responds to; the owner's own recordings heard only by the readers their audience allows;
// a memorial with the years of a life and the owner's own words.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const speechFixture = fs.readFileSync(path.join(import.meta.dirname, "../../platform/audio/fixtures/spoken-4.5s.webm"));
const uploadRecording = (t: TestApp, cookie: string, bytes: Buffer) => postFile(t, cookie, "/api/voice/sessions", bytes, { field: "audio", filename: "recording.webm", contentType: "audio/webm" });
/** A family question from the capture queue, as the page gets it. */
const familyPrompt = async (cookie: string) =>
  ((await get(t, "/api/capture/prompts", cookie)).json().queue as { id: string; category: string; text: string }[]).find((p) => p.category === "family")!;
const settingsBase = { inactivityMonths: null, deathReports: true, vetoDays: 7 };
const read = (cookie: string, contactId: string, query = "") => get(t, `/api/legacy/named-me/${contactId}/memories${query}`, cookie);
const hear = (cookie: string, contactId: string, memoryId: string, range?: string) =>
  t.app.inject({ method: "GET", url: `/api/legacy/named-me/${contactId}/memories/${memoryId}/recording`, headers: { cookie, ...(range ? { range } : {}) } });
const hearMemorial = (slug: string, memoryId: string) => t.app.inject({ method: "GET", url: `/api/memorial/${slug}/memories/${memoryId}/recording` });
const settle = (cookie: string, settings: Record<string, unknown>) => send(t, "PUT", "/api/legacy/release/settings", { ...settingsBase, ...settings }, cookie);

/** An owner (born 1960-06-14, named, memories family by default) with two accepted contacts. */
async function owner(name: string) {
  const { owner, contacts } = await ownerWithContacts(t, name, ["contact", "executor"]);
  expect((await send(t, "PUT", "/api/profile/identity", { firstName: `Ada ${name}`, legacyPreference: "family" }, owner.cookie)).statusCode).toBe(200);
  await t.owner.query(`UPDATE profiles SET birthday = '1960-06-14' WHERE user_id = $1`, [owner.id]);
  const add = async (content: string, extra: Record<string, unknown> = {}) => {
    const r = await send(t, "POST", "/api/memories", { content, emotion: "Love", category: "family", visibility: "family", ...extra }, owner.cookie);
    expect(r.statusCode, r.body).toBe(201);
    return r.json().memory.id as string;
  };
  const release = () =>
    t.owner.query(
      `INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now()) ON CONFLICT (user_id) DO UPDATE SET state = 'released', released_at = now(), pending_since = NULL, pending_reason = NULL, veto_until = NULL`,
      [owner.id],
    );
  return { owner, contact: contacts[0]!, executor: contacts[1]!, add, release };
}

describe("released memories tell when they happened", () => {
  it("in time order, the undated after, with the date, the owner's age then and the question a capture answer responds to", async () => {
    const { owner: o, contact, add, release } = await owner("story.order");
    const ids = {
      undated: await add("Undated: the smell of the garden after rain."),
      late: await add("Late: the day my grandson was born.", { happenedOn: "1998-06-20" }),
      before: await add("Before: my parents' wedding, as they told it.", { happenedOn: "1950" }),
      year: await add("Year: the summer I learned to swim.", { happenedOn: "1975", category: "personal" }),
      month: await add("Month: moving to the city.", { happenedOn: "1990-03", category: "career" }),
    };
    const prompt = await familyPrompt(o.cookie);
    const answered = await send(t, "POST", "/api/capture/answers", { promptId: prompt.id, content: "Capture: we ate together every Sunday." }, o.cookie);
    expect(answered.statusCode, answered.body).toBe(201);
    const captured = answered.json().memory.id as string;
    await release();

    const page = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId)).json());
    expect(page.memories.map((m) => m.id)).toEqual([ids.before, ids.year, ids.month, ids.late, ids.undated, captured]);
    expect(page.memories.map((m) => [m.happenedOn, m.age])).toEqual([
      ["1950", null],
      ["1975", { min: 14, max: 15 }],
      ["1990-03", { min: 29, max: 29 }],
      ["1998-06-20", { min: 38, max: 38 }],
      [null, null],
      [null, null],
    ]);
    expect(page.memories.find((m) => m.id === captured)!.question).toBe(prompt.text);
    expect(page.memories.find((m) => m.id === ids.late)!.question).toBeNull();
    expect(page.decades).toEqual([
      { decade: 1950, count: 1 },
      { decade: 1970, count: 1 },
      { decade: 1990, count: 2 },
    ]);

    // Without a birthday there is no age.
    await t.owner.query(`UPDATE profiles SET birthday = NULL WHERE user_id = $1`, [o.id]);
    const ageless = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId)).json());
    expect(ageless.memories.every((m) => m.age === null)).toBe(true);
  });

  it("filters by decade and theme together, each counted within the other", async () => {
    const { contact, add, release } = await owner("story.filters");
    const ids = {
      family90: await add("A family day in 1992.", { happenedOn: "1992-05-01" }),
      career90: await add("A career day in 1996.", { happenedOn: "1996", category: "career" }),
      family70: await add("A family day in 1971.", { happenedOn: "1971" }),
      undated: await add("An undated family day."),
    };
    await release();
    const nineties = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId, "?decade=1990")).json());
    expect(nineties.memories.map((m) => m.id)).toEqual([ids.family90, ids.career90]);
    expect(nineties.total).toBe(2);
    expect(nineties.themes).toEqual([
      { category: "career", count: 1 },
      { category: "family", count: 1 },
    ]);
    const familyNineties = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId, "?decade=1990&category=family")).json());
    expect(familyNineties.memories.map((m) => m.id)).toEqual([ids.family90]);
    expect(familyNineties.total).toBe(1);
    const family = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId, "?category=family")).json());
    expect(family.memories.map((m) => m.id)).toEqual([ids.family70, ids.family90, ids.undated]);
    expect(family.decades).toEqual([
      { decade: 1970, count: 1 },
      { decade: 1990, count: 1 },
    ]);
    for (const bad of ["?decade=1995", "?decade=soon", "?decade=10000"]) expect((await read(contact.cookie, contact.contactId, bad)).statusCode, bad).toBe(400);
  });

  it("works out the age at any precision of the date", () => {
    expect(ageWhen("1960-06-14", "1998-06-13")).toEqual({ min: 37, max: 37 });
    expect(ageWhen("1960-06-14", "1998-06-14")).toEqual({ min: 38, max: 38 });
    expect(ageWhen("1960-06-14", "1998-06")).toEqual({ min: 37, max: 38 });
    expect(ageWhen("1960-06-01", "1998-06")).toEqual({ min: 38, max: 38 });
    expect(ageWhen("1960-01-01", "1998")).toEqual({ min: 38, max: 38 });
    expect(ageWhen("1960-06-14", "1960")).toEqual({ min: 0, max: 0 });
    expect(ageWhen("1960-06-14", "1960-05")).toBeNull();
    expect(ageWhen(null, "1998")).toBeNull();
    expect(ageWhen("1960-06-14", null)).toBeNull();
  });
});

describe("the owner's recordings, heard on their memories", () => {
  /** An owner with a capture answer spoken in a recording and a vault memory with a recording attached, one of each audience. */
  async function withRecordings(name: string) {
    const story = await owner(name);
    const upload = async () => {
      const r = await uploadRecording(t, story.owner.cookie, speechFixture);
      expect(r.statusCode, r.body).toBe(201);
      return r.json().session.id as string;
    };
    const spoken = await upload();
    const prompt = await familyPrompt(story.owner.cookie);
    const answered = await send(t, "POST", "/api/capture/answers", { promptId: prompt.id, content: "Spoken: we sang in the car.", recordingId: spoken }, story.owner.cookie);
    expect(answered.statusCode, answered.body).toBe(201);
    const attach = async (memoryId: string) => {
      const r = await send(t, "PATCH", `/api/memories/${memoryId}`, { recordingId: await upload() }, story.owner.cookie);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().memory.recordingId).toEqual(expect.any(String));
    };
    const ids = {
      captured: answered.json().memory.id as string,
      attached: await story.add("Attached: the song I sang at the wedding.", { happenedOn: "1985" }),
      public: await story.add("Public: the choir's first concert.", { visibility: "public", happenedOn: "1988" }),
      private: await story.add("Private: a recording for me alone.", { visibility: "private" }),
      twinOnly: await story.add("Twin-only: a story the twin keeps.", { visibility: "twin-only" }),
    };
    for (const id of [ids.attached, ids.public, ids.private, ids.twinOnly]) await attach(id);
    return { ...story, ids };
  }

  it("are owner-only until release, then heard by contacts only when the recordings audience reaches them, with ranges", async () => {
    const { owner: o, contact, ids, release } = await withRecordings("story.hear");
    // Before release: nothing, not even that the recording exists.
    expect((await hear(contact.cookie, contact.contactId, ids.attached)).statusCode).toBe(404);
    await release();
    // Released, but the audience is "only me" (the default).
    const quiet = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId)).json());
    expect(quiet.memories.every((m) => m.recording === null)).toBe(true);
    const refused = await hear(contact.cookie, contact.contactId, ids.attached);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toEqual({ code: "not_found", message: legacyMessages.recordingNotFound });

    const saved = releaseResponseSchema.parse((await settle(o.cookie, { recordingsAudience: "contacts-after-release" })).json());
    expect(saved.settings.recordingsAudience).toBe("contacts-after-release");
    const page = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId)).json());
    const heard = Object.fromEntries(page.memories.map((m) => [m.id, m.recording]));
    expect(heard[ids.captured]).toEqual({ durationSeconds: expect.any(Number) });
    expect(heard[ids.attached]!.durationSeconds).toBeGreaterThan(4);
    expect(heard[ids.public]).not.toBeNull();

    const whole = await hear(contact.cookie, contact.contactId, ids.captured);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/webm");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers["cache-control"]).toContain("no-store");
    expect(whole.rawPayload.equals(speechFixture)).toBe(true);
    const part = await hear(contact.cookie, contact.contactId, ids.attached, "bytes=100-199");
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${speechFixture.length}`);
    expect(part.rawPayload.equals(speechFixture.subarray(100, 200))).toBe(true);
    const tail = await hear(contact.cookie, contact.contactId, ids.attached, "bytes=-50");
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(speechFixture.subarray(speechFixture.length - 50))).toBe(true);
    expect((await hear(contact.cookie, contact.contactId, ids.attached, `bytes=${speechFixture.length}-`)).statusCode).toBe(416);

    // A private or twin-only memory's recording is never heard, nor one of a made-up memory.
    for (const id of [ids.private, ids.twinOnly, "00000000-0000-4000-8000-000000000000"]) expect((await hear(contact.cookie, contact.contactId, id)).statusCode, id).toBe(404);
    // A malformed memory id is the same 404.
    expect((await hear(contact.cookie, contact.contactId, "not-an-id")).statusCode).toBe(404);

    // Back to "only me": silent again.
    await settle(o.cookie, { recordingsAudience: "only-me" });
    expect((await hear(contact.cookie, contact.contactId, ids.captured)).statusCode).toBe(404);
  });

  it("are never heard by another person: a stranger, another owner's contact, the owner through a contact's row", async () => {
    const a = await withRecordings("story.cross.a");
    const b = await owner("story.cross.b");
    await a.release();
    await b.release();
    await settle(a.owner.cookie, { recordingsAudience: "public-memorial" });
    await settle(b.owner.cookie, { recordingsAudience: "public-memorial" });
    const stranger = await newUser(t, "story.cross.stranger@example.com");
    expect((await hear(a.contact.cookie, a.contact.contactId, a.ids.attached)).statusCode).toBe(200);
    for (const [cookie, contactId] of [
      [stranger.cookie, a.contact.contactId],
      [b.contact.cookie, a.contact.contactId],
      [b.contact.cookie, b.contact.contactId],
      [a.owner.cookie, a.contact.contactId],
    ] as const) {
      const answer = await hear(cookie, contactId, a.ids.attached);
      expect(answer.statusCode, contactId).toBe(404);
      expect(answer.rawPayload.length).toBeLessThan(500);
    }
    // Signed out: 401.
    expect((await t.app.inject({ method: "GET", url: `/api/legacy/named-me/${a.contact.contactId}/memories/${a.ids.attached}/recording` })).statusCode).toBe(401);
  });

  it("attach only the owner's own recordings, never the voice consent", async () => {
    const { owner: o, add } = await owner("story.attach");
    const other = await newUser(t, "story.attach.other@example.com");
    const theirs = (await uploadRecording(t, other.cookie, speechFixture)).json().session.id as string;
    const memoryId = await add("A memory to attach a voice to.");
    const refused = await send(t, "PATCH", `/api/memories/${memoryId}`, { recordingId: theirs }, o.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe("voice_session_not_found");
    const [consent] = (await t.owner.query(
      `INSERT INTO voice_sessions (user_id, storage_key, duration_seconds, file_size, filename, purpose) VALUES ($1, $1 || '/voice_c.webm', 12, 1000, 'voice_c.webm', 'consent') RETURNING id`,
      [o.id],
    )).rows;
    expect((await send(t, "PATCH", `/api/memories/${memoryId}`, { recordingId: consent.id }, o.cookie)).statusCode).toBe(404);
    const own = (await uploadRecording(t, o.cookie, speechFixture)).json().session.id as string;
    expect((await send(t, "PATCH", `/api/memories/${memoryId}`, { recordingId: own }, o.cookie)).json().memory).toMatchObject({ recordingId: own, version: 1 });
    expect((await send(t, "PATCH", `/api/memories/${memoryId}`, { recordingId: null }, o.cookie)).json().memory.recordingId).toBeNull();
  });

  it("hold by the database's own policy: a contact's scope reads a linked recording only when the audience reaches them", async () => {
    const { owner: o, ids, release } = await withRecordings("story.policy");
    const [reader] = (await t.owner.query(`SELECT id FROM "user" WHERE email = 'story.policy.c0@example.com'`)).rows;
    const visible = () =>
      withReaderScope(t.ctx.db, { readerId: reader.id, ownerId: o.id, now: new Date() }, (tx) => tx.execute<{ id: string }>(sql`SELECT id FROM voice_sessions`)).then((r) => r.rows.length);
    expect(await visible()).toBe(0);
    await release();
    expect(await visible()).toBe(0);
    await settle(o.cookie, { recordingsAudience: "contacts-after-release" });
    // The capture answer's, the family memory's and the public memory's: not the private or twin-only ones'.
    expect(await visible()).toBe(3);
    void ids;
  });
});

describe("the public memorial", () => {
  it("shows the years of a life and the owner's own words, and plays recordings only when the owner let the public hear them", async () => {
    const story = await owner("story.memorial");
    const slug = "ada-story-memorial";
    const intro = "I sang in the harbour choir for thirty years. Sit a while.";
    const saved = await settle(story.owner.cookie, { memorialSlug: slug, memorialIntroduction: `  ${intro}  ` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.memorialIntroduction).toBe(intro);
    expect((await settle(story.owner.cookie, { memorialIntroduction: "x".repeat(2001) })).json().error.fields.memorialIntroduction).toBe(legacyMessages.memorialIntroductionTooLong);

    const upload = await uploadRecording(t, story.owner.cookie, speechFixture);
    const recordingId = upload.json().session.id as string;
    const publicLate = await story.add("The choir's last concert.", { visibility: "public", happenedOn: "2001-05" });
    const publicEarly = await story.add("The choir's first concert.", { visibility: "public", happenedOn: "1988" });
    const family = await story.add("A family memory, not for the public.", { happenedOn: "1970" });
    for (const id of [publicEarly, family]) await send(t, "PATCH", `/api/memories/${id}`, { recordingId }, story.owner.cookie);

    // A death reported by a contact with its date (optional; not in the future, not before the birth), then released.
    const report = (body: Record<string, unknown>) => send(t, "POST", `/api/legacy/named-me/${story.contact.contactId}/death-report`, body, story.contact.cookie);
    // UTC's tomorrow may be today somewhere (UTC+14); the day after is in the future everywhere.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [diedOn, message] of [
      [tomorrow, legacyMessages.diedOnFuture],
      ["1959-12-31", legacyMessages.diedOnBeforeBirth],
      ["31/12/2025", legacyMessages.diedOnInvalid],
    ] as const) {
      const refused = await report({ diedOn });
      expect(refused.statusCode, diedOn).toBe(400);
      expect(refused.json().error.fields.diedOn).toBe(message);
    }
    expect((await get(t, "/api/legacy/release", story.owner.cookie)).json().state).toBe("active"); // nothing half-done
    expect((await report({ note: "She died at home.", diedOn: "2024-03-09" })).statusCode).toBe(200);
    await story.release();

    const page = memorialPageResponseSchema.parse((await get(t, `/api/memorial/${slug}`)).json());
    expect(page.years).toEqual({ born: 1960, died: 2024 });
    expect(page.introduction).toBe(intro);
    expect(page.intro).toBe(legacyMessages.memorialIntro(`Ada story.memorial`));
    const memories = releasedMemoriesResponseSchema.parse((await get(t, `/api/memorial/${slug}/memories`)).json());
    expect(memories.memories.map((m) => [m.id, m.happenedOn, m.age])).toEqual([
      [publicEarly, "1988", { min: 27, max: 28 }],
      [publicLate, "2001-05", { min: 40, max: 40 }],
    ]);
    expect(memories.memories[0]!.recording).toBeNull();
    expect((await hearMemorial(slug, publicEarly)).statusCode).toBe(404);

    // Contacts only: still silent on the memorial.
    await settle(story.owner.cookie, { recordingsAudience: "contacts-after-release" });
    expect((await hearMemorial(slug, publicEarly)).statusCode).toBe(404);
    await settle(story.owner.cookie, { recordingsAudience: "public-memorial" });
    const heard = releasedMemoriesResponseSchema.parse((await get(t, `/api/memorial/${slug}/memories`)).json());
    expect(heard.memories[0]!.recording).toEqual({ durationSeconds: expect.any(Number) });
    const whole = await hearMemorial(slug, publicEarly);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(speechFixture)).toBe(true);
    const part = await t.app.inject({ method: "GET", url: `/api/memorial/${slug}/memories/${publicEarly}/recording`, headers: { range: "bytes=0-9" } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(speechFixture.subarray(0, 10))).toBe(true);
    // The same recording on a family memory is not the public's, nor is anything through an unknown address.
    expect((await hearMemorial(slug, family)).statusCode).toBe(404);
    expect((await hearMemorial("nobody-has-this", publicEarly)).statusCode).toBe(404);

    // The database on its own: the memorial's scope reads that one recording and nothing else of the owner's.
    const seen = await withMemorialScope(t.ctx.db, { slug, now: new Date() }, (tx) => tx.execute<{ id: string }>(sql`SELECT id FROM voice_sessions`));
    expect(seen.rows.map((r) => r.id)).toEqual([recordingId]);
  });

  it("has no death year when the report gave no date (the day of the report is not the day of death), and forgets a date with a cancelled release", async () => {
    const story = await owner("story.nodate");
    await settle(story.owner.cookie, { memorialSlug: "ada-story-nodate" });
    const report = (body: Record<string, unknown>) => send(t, "POST", `/api/legacy/named-me/${story.contact.contactId}/death-report`, body, story.contact.cookie);
    expect((await report({ diedOn: "2025-01-02" })).statusCode).toBe(200);
    expect((await send(t, "POST", "/api/legacy/release/cancel", undefined, story.owner.cookie)).statusCode).toBe(200);
    expect((await t.owner.query(`SELECT died_on FROM legacy_releases WHERE user_id = $1`, [story.owner.id])).rows[0].died_on).toBeNull();
    expect((await report({})).statusCode).toBe(200);
    await story.release();
    const page = memorialPageResponseSchema.parse((await get(t, `/api/memorial/ada-story-nodate`)).json());
    expect(page.years).toEqual({ born: 1960, died: null });
  });

  it("has no death year without a death report, and no birth year without a birthday", async () => {
    const story = await owner("story.years");
    await t.owner.query(`UPDATE profiles SET birthday = NULL WHERE user_id = $1`, [story.owner.id]);
    await settle(story.owner.cookie, { memorialSlug: "ada-story-years" });
    await story.release();
    const page = memorialPageResponseSchema.parse((await get(t, `/api/memorial/ada-story-years`)).json());
    expect(page.years).toEqual({ born: null, died: null });
    expect(page.introduction).toBeNull();
  });
});
