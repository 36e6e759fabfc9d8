import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { legacyMessages, memorialPageResponseSchema, releasedMemoriesResponseSchema } from "../../../contract";
import { withMemorialScope } from "../../db/user-scope";
import { createTestApp, get, send, type TestApp } from "../../test/harness";
import { realStory, speechFixture, uploadRecording } from "./real-story-stage";

// Issue 34, "the real story": a memorial with the years of a life (issue 44: the date of death a report gave) and the
// owner's own words, playing recordings only when the owner let the public hear them.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { hearMemorial, settle, owner } = realStory(() => t);

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
