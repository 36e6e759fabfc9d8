import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_PAUSE_MESSAGE_MAX, legacyMessages, releasedMemoriesFileSchema, visitorTwinResponseSchema, type ReleaseStatus } from "../../../contract";
import { createTestApp, get, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";

// Legacy, part 2 (issue 16): the heirs' controls. An executor pauses, resumes or retires the released twin; each
// change is in the audit log, which the owner's contacts see in summary; after retirement the released memories stay
// readable for the owner's retention period only.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = { cookie: string; contactId: string };
const control = (p: Person, action: "pause" | "resume" | "retire", body: unknown = {}) => send(t, "POST", `/api/legacy/named-me/${p.contactId}/${action}`, body, p.cookie);
const released = (ownerId: string) =>
  t.owner.query(
    `INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')
     ON CONFLICT (user_id) DO UPDATE SET state = 'released', released_at = EXCLUDED.released_at`,
    [ownerId],
  );

describe("the twin's introduction", () => {
  it("is the owner's own words when they wrote some, the honest default otherwise", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "heirs.intro", ["contact"]);
    const [contact] = contacts as [Person];
    const save = (introduction: string) => send(t, "PUT", "/api/legacy/release/settings", { inactivityMonths: null, deathReports: true, vetoDays: 7, introduction }, owner.cookie);
    expect((await save("x".repeat(501))).statusCode).toBe(400);
    expect((await save("  Hello love. It's the twin of your grandmother, made from what she wrote; it can get things wrong.  ")).statusCode).toBe(200);
    await released(owner.id);
    const intro = async () => visitorTwinResponseSchema.parse((await get(t, `/api/legacy/named-me/${contact.contactId}/twin`, contact.cookie)).json()).intro;
    expect(await intro()).toBe("Hello love. It's the twin of your grandmother, made from what she wrote; it can get things wrong.");
    expect((await save("")).statusCode).toBe(200);
    expect(await intro()).toBe(legacyMessages.twinIntro("heirs.intro@example.com"));
  });
});

describe("the executor's controls", () => {
  it("pause shows every visitor the executor's message and stops the twin; resume brings it back; a plain contact may do neither", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "heirs.pause", ["executor", "contact"]);
    const [executor, contact] = contacts as [Person, Person];
    await released(owner.id);

    const refused = await control(contact, "pause", { message: "Not mine to do" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: "access_denied", message: legacyMessages.notExecutor });

    const tooLong = await control(executor, "pause", { message: "x".repeat(LEGACY_PAUSE_MESSAGE_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    const paused = await control(executor, "pause", { message: "We need a little time. Back after the funeral." });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().namedBy[0]).toMatchObject({ state: "paused" });

    const twin = visitorTwinResponseSchema.parse((await get(t, `/api/legacy/named-me/${contact.contactId}/twin`, contact.cookie)).json());
    expect(twin).toMatchObject({ state: "paused", unavailable: legacyMessages.twinPaused("heirs.pause@example.com"), executorMessage: "We need a little time. Back after the funeral." });
    expect((await send(t, "POST", `/api/legacy/named-me/${contact.contactId}/twin/messages`, { text: "Hello?" }, contact.cookie)).statusCode).toBe(409);
    // Reading what was left goes on while paused.
    expect((await get(t, `/api/legacy/named-me/${contact.contactId}/memories`, contact.cookie)).statusCode).toBe(200);

    expect((await control(executor, "pause")).json().error.message).toBe(legacyMessages.cannotPause);
    expect((await control(executor, "resume")).statusCode).toBe(200);
    expect((await control(executor, "resume")).json().error.message).toBe(legacyMessages.cannotResume);
    const back = visitorTwinResponseSchema.parse((await get(t, `/api/legacy/named-me/${contact.contactId}/twin`, contact.cookie)).json());
    expect(back).toMatchObject({ state: "released", unavailable: null, executorMessage: null });

    // The executor, and only they, may download what was released, as one file.
    const file = await get(t, `/api/legacy/named-me/${executor.contactId}/memories/download`, executor.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="released-memories-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(releasedMemoriesFileSchema.parse(file.json())).toMatchObject({ ownerName: "heirs.pause@example.com", memories: [] });
    const notExecutor = await get(t, `/api/legacy/named-me/${contact.contactId}/memories/download`, contact.cookie);
    expect(notExecutor.statusCode).toBe(403);
    expect(notExecutor.json().error.message).toBe(legacyMessages.downloadExecutorOnly);

    // Everyone named sees what happened, in summary; the owner's log has it in full.
    const history = (await get(t, "/api/legacy/named-me", contact.cookie)).json().namedBy[0].history as { actor: string; action: string }[];
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({ action: "Twin resumed by an executor", actor: "contact: heirs.pause contact 0" }),
      expect.objectContaining({ action: "Twin paused by an executor" }),
    ]);
    const log = (await get(t, "/api/legacy/release", owner.cookie)).json() as ReleaseStatus;
    expect(log.audit[1]).toMatchObject({ action: "Twin paused by an executor", fromState: "released", toState: "paused", note: "We need a little time. Back after the funeral." });
  });

  it("nothing to control before release; retiring is final; after the retention period the memories are no longer readable", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "heirs.retire", ["executor"]);
    const [executor] = contacts as [Person];
    expect((await control(executor, "retire", { confirm: true })).json().error.message).toBe(legacyMessages.cannotRetire);
    await released(owner.id);
    expect((await control(executor, "retire", {})).statusCode).toBe(400);
    expect((await control(executor, "retire", { confirm: true })).json().namedBy[0]).toMatchObject({ state: "retired" });
    expect((await control(executor, "resume")).statusCode).toBe(409);
    expect((await control(executor, "pause")).statusCode).toBe(409);
    const twin = visitorTwinResponseSchema.parse((await get(t, `/api/legacy/named-me/${executor.contactId}/twin`, executor.cookie)).json());
    expect(twin.unavailable).toBe(legacyMessages.twinRetired("heirs.retire@example.com"));
    expect((await get(t, `/api/legacy/named-me/${executor.contactId}/memories`, executor.cookie)).statusCode).toBe(200);

    // The owner chose 3 months; four months on, nothing is readable, and the answer says why.
    await t.owner.query(`UPDATE legacy_releases SET retention_months = 3, retired_at = now() - interval '4 months' WHERE user_id = $1`, [owner.id]);
    const ended = await get(t, `/api/legacy/named-me/${executor.contactId}/memories`, executor.cookie);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.message).toBe(legacyMessages.retiredEnded("heirs.retire@example.com"));
  });

  it("an executor of one owner controls nothing of another's", async () => {
    const a = await ownerWithContacts(t, "heirs.iso.a", ["executor"]);
    const b = await ownerWithContacts(t, "heirs.iso.b", ["executor"]);
    await released(a.owner.id);
    await released(b.owner.id);
    for (const action of ["pause", "resume", "retire"] as const) {
      const answer = await send(t, "POST", `/api/legacy/named-me/${a.contacts[0]!.contactId}/${action}`, action === "retire" ? { confirm: true } : {}, b.contacts[0]!.cookie);
      expect(answer.statusCode, action).toBe(404);
    }
    const owner = await send(t, "POST", `/api/legacy/named-me/${a.contacts[0]!.contactId}/pause`, {}, a.owner.cookie);
    expect(owner.statusCode).toBe(404);
    expect((await get(t, "/api/legacy/release", a.owner.cookie)).json().state).toBe("released");
  });
});
