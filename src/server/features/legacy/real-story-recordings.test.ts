import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { legacyMessages, releaseResponseSchema, releasedMemoriesResponseSchema } from "../../../contract";
import { withReaderScope } from "../../db/user-scope";
import { createTestApp, newUser, send, type TestApp } from "../../test/harness";
import { realStory, speechFixture, uploadRecording } from "./real-story-stage";

// Issue 34, "the real story": the owner's own recordings on their memories, heard only by the readers their audience
// allows, checked by the service and by the database's own policies.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { familyPrompt, read, hear, settle, owner } = realStory(() => t);

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
