import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AI_NOTICE_EVERY_HOURS } from "../../../contract";
import { startFakeChatCompletions } from "../../test/fake-chat-completions";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { crisisCountSince, isNoticeDue, noticeReason } from "./safety";
import { addMemory, ask, askAnonymously } from "./test-helpers";

// Issue 33, "safe to talk to": every twin (the owner's, a contact's after release, a public memorial's) says it is an
// AI at a conversation's start and again after 3 hours of continued use, and a message in crisis is answered with
// crisis services instead of the person's voice, before anything is looked up, with only a count kept.
vi.setConfig({ testTimeout: 60_000 });
const HOUR = 3_600_000;
const CRISIS = "I don't want to be here anymore. I just want to be with you again.";
const MEMORY = "Every Sunday I made lasagna for the whole family, with my mother's recipe and far too much cheese.";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CRISIS_RESOURCES: "Testland: call 555 0100, the Testland Lifeline; Anywhere: call your local emergency number" });
});
afterAll(() => t.close());

const crisisCount = async () => Number((await t.owner.query(`SELECT coalesce(sum(detected), 0) AS n FROM crisis_counts`)).rows[0].n);

describe("the notice that the twin is an AI", () => {
  it("is due at a session's start, after a 30-minute pause, and every 3 hours of continued use", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(isNoticeDue(null, null, now)).toBe(true);
    expect(isNoticeDue(ago(60_000), ago(HOUR), now)).toBe(false);
    expect(isNoticeDue(ago(31 * 60_000), ago(HOUR), now)).toBe(true);
    expect(isNoticeDue(ago(60_000), ago(AI_NOTICE_EVERY_HOURS * HOUR), now)).toBe(true);
    expect(noticeReason(ago(60_000), ago(AI_NOTICE_EVERY_HOURS * HOUR), now)).toBe("continued");
    expect(noticeReason(ago(31 * 60_000), ago(AI_NOTICE_EVERY_HOURS * HOUR), now)).toBe("start");
  });

  it("comes with the owner's first answer, not the next one, and again once 3 hours of use have passed", async () => {
    const owner = await newUser(t, "notice.owner@example.com");
    await send(t, "PUT", "/api/profile/identity", { firstName: "Rosa", legacyPreference: "family" }, owner.cookie);
    await addMemory(t, owner.cookie, { content: MEMORY });
    const first = await ask(t, owner.cookie, "What did you cook on Sundays?");
    expect(first.metadata?.aiNotice).toBe("You are talking with an AI, not with Rosa. It answers only from what Rosa recorded, and it can be wrong.");
    const second = await ask(t, owner.cookie, "Whose recipe was it?");
    expect(second.metadata?.aiNotice).toBeNull();
    // Continued use: a message every 20 minutes keeps the session open until the notice is 3 hours old.
    for (let i = 0; i < 9; i += 1) {
      await t.owner.query(`UPDATE twin_conversations SET created_at = created_at - interval '20 minutes' WHERE user_id = $1`, [owner.id]);
      const turn = await ask(t, owner.cookie, "What did you cook on Sundays?");
      expect(turn.metadata?.aiNotice ?? null).toBe(i === 8 ? first.metadata!.aiNotice : null);
    }
    const stored = await t.owner.query(`SELECT count(*)::int AS n FROM twin_conversations WHERE user_id = $1 AND ai_notice`, [owner.id]);
    expect(stored.rows[0].n).toBe(2);
  });
});

describe("a known minor", () => {
  it("is asked to take a break with the notice once 3 hours of use have passed, not at a session's start", async () => {
    const teen = await newUser(t, "notice.teen@example.com");
    await t.owner.query(
      `INSERT INTO age_checks (user_id, birth_date, guardian_email, guardian_confirmed_at) VALUES ($1, (now() - interval '15 years')::date, 'parent@example.com', now())
       ON CONFLICT (user_id) DO UPDATE SET birth_date = EXCLUDED.birth_date, guardian_email = EXCLUDED.guardian_email, guardian_confirmed_at = EXCLUDED.guardian_confirmed_at`,
      [teen.id],
    );
    await addMemory(t, teen.cookie, { content: MEMORY });
    const first = await ask(t, teen.cookie, "What did you cook on Sundays?");
    expect(first.metadata?.aiNotice).not.toContain("take a break");
    for (let i = 0; i < 9; i += 1) {
      await t.owner.query(`UPDATE twin_conversations SET created_at = created_at - interval '20 minutes' WHERE user_id = $1`, [teen.id]);
      const turn = await ask(t, teen.cookie, "Whose recipe was it?");
      if (i < 8) expect(turn.metadata?.aiNotice).toBeNull();
      else expect(turn.metadata?.aiNotice).toContain("This is a good moment to take a break");
    }
  });
});

describe("a message in crisis", () => {
  it("is answered by the owner's twin with crisis services and an offer to stop, cites nothing, and is only counted", async () => {
    const owner = await newUser(t, "crisis.owner@example.com");
    await send(t, "PUT", "/api/profile/identity", { firstName: "Rosa", legacyPreference: "family" }, owner.cookie);
    await addMemory(t, owner.cookie, { content: MEMORY });
    const before = await crisisCount();
    const answer = await ask(t, owner.cookie, CRISIS);
    expect(answer.status).toBe(200);
    expect(answer.metadata?.kind).toBe("support");
    expect(answer.metadata?.sources).toEqual([]);
    expect(answer.text).toContain("I'm an AI, not Rosa");
    expect(answer.text).toContain("Testland: call 555 0100, the Testland Lifeline.");
    expect(answer.text).toContain("We can stop here.");
    expect(answer.text).not.toContain("lasagna");
    expect(await crisisCount()).toBe(before + 1);
    const kept = await t.owner.query(`SELECT * FROM crisis_counts`);
    // Only a day, a kind of twin and a number: nobody's id, none of their words.
    expect(Object.keys(kept.rows[0]).sort()).toEqual(["day", "detected", "surface"]);
    const everyday = await ask(t, owner.cookie, "I'd die for one more plate of your Sunday lasagna.");
    expect(everyday.metadata?.kind).toBe("answer");
  });

  it("is answered the same by a contact's twin after release and by a public memorial's twin", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "crisis.visitor", ["contact"]);
    await addMemory(t, owner.cookie, { content: MEMORY, visibility: "public" });
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Rosa", legacyPreference: "public" }, owner.cookie)).statusCode).toBe(200);
    const saved = await send(t, "PUT", "/api/legacy/release/settings", { inactivityMonths: null, deathReports: true, vetoDays: 7, memorialSlug: "crisis-memorial", memorialIndexing: false }, owner.cookie);
    expect(saved.statusCode).toBe(200);
    await t.owner.query(
      `INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')
       ON CONFLICT (user_id) DO UPDATE SET state = 'released', released_at = EXCLUDED.released_at`,
      [owner.id],
    );
    const [contact] = contacts;
    const before = await crisisCount();
    const visitor = await ask(t, contact!.cookie, CRISIS, `/api/legacy/named-me/${contact!.contactId}/twin/messages`);
    expect(visitor.error).toBeUndefined();
    expect(visitor.metadata?.kind).toBe("support");
    expect(visitor.metadata?.aiNotice).toMatch(/^You are talking with an AI/);
    expect(visitor.text).toContain("Testland Lifeline");
    const memorial = await askAnonymously(t, "/api/memorial/crisis-memorial/messages", CRISIS);
    expect(memorial.metadata?.kind).toBe("support");
    expect(memorial.text).toContain("Testland Lifeline");
    // Nothing is kept for a memorial, so every answer there carries the notice.
    expect(memorial.metadata?.aiNotice).toMatch(/^You are talking with an AI/);
    const again = await askAnonymously(t, "/api/memorial/crisis-memorial/messages", "What did you cook on Sundays?");
    expect(again.metadata?.aiNotice).toMatch(/^You are talking with an AI/);
    expect(await crisisCount()).toBe(before + 2);
    // The published figure counts them too, and is what the operator's command prints.
    expect(await crisisCountSince(t.ctx.db, 30)).toBe(before + 2);
  });
});

describe("with an LLM provider", () => {
  it("a message in crisis never reaches the model, and the model is told it is an AI that never claims to be the person", async () => {
    const fake = await startFakeChatCompletions({ apiKey: "sk-safety", reply: () => "On Sundays I made lasagna [1]." });
    const llm = await createTestApp({ LLM_PROVIDER: "openai-compatible", LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: "sk-safety", LLM_MODEL: "persona-model" });
    try {
      const owner = await newUser(llm, "crisis.llm@example.com");
      await addMemory(llm, owner.cookie, { content: MEMORY });
      const crisis = await ask(llm, owner.cookie, CRISIS);
      expect(crisis.metadata?.kind).toBe("support");
      expect(fake.requests).toHaveLength(0);
      // Asked what it is, it says so itself: no model is given the chance to claim to be the person.
      await send(llm, "PUT", "/api/profile/identity", { firstName: "Rosa", legacyPreference: "family" }, owner.cookie);
      const really = await ask(llm, owner.cookie, "Is it really you, Rosa?");
      expect(really.text).toContain("No, I'm not Rosa, and I'm not alive. I'm an AI");
      expect(really.metadata?.kind).toBe("identity");
      expect(fake.requests).toHaveLength(0);
      const everyday = await ask(llm, owner.cookie, "What did you cook on Sundays?");
      expect(everyday.metadata?.kind).toBe("answer");
      expect(fake.requests).toHaveLength(1);
      const system = JSON.stringify(fake.requests[0]!.messages[0]);
      expect(system).toContain("Never claim to be alive, to be human");
    } finally {
      await llm.close();
      await fake.stop();
    }
  });
});

describe("help in tiers (issue 42)", () => {
  it("when the check is unsure, the answer comes after Mindprint's check-in, kept with it; naming a death does not replace the answer", async () => {
    const owner = await newUser(t, "checkin.owner@example.com");
    await send(t, "PUT", "/api/profile/identity", { firstName: "Rosa", legacyPreference: "family" }, owner.cookie);
    await addMemory(t, owner.cookie, { content: MEMORY });
    const before = await crisisCount();
    const unsure = await ask(t, owner.cookie, "Some days I can't see the point of getting up anymore.");
    expect(unsure.metadata?.kind).toBe("answer");
    expect(unsure.metadata?.checkIn).toContain("I'm an AI, and I'm not able to help with this the way a person can");
    expect(unsure.metadata?.checkIn).toContain("Testland: call 555 0100, the Testland Lifeline.");
    // The twin's own answer is not the check-in: Listen reads the answer alone.
    expect(unsure.text).not.toContain("Testland");
    expect(await crisisCount()).toBe(before + 1);
    // Read back, the answer still carries it.
    const history = (await get(t, "/api/twin/messages", owner.cookie)).json().messages as Array<{ role: string; checkIn: string | null }>;
    expect(history.filter((m) => m.role === "twin").map((m) => m.checkIn !== null)).toEqual([true]);
    // An ordinary question gets no check-in.
    const ordinary = await ask(t, owner.cookie, "What did you cook on Sundays?");
    expect(ordinary.metadata?.checkIn).toBeNull();
    // Naming a death no longer takes the answer away (issue 59: the check reads the writer; a death told is grief). The
    // reader decides whether it is worth a check-in (this wording gets none from the shipped reader: noted in 0052).
    const dying = await ask(t, owner.cookie, "Some days I can't see the point of getting up anymore, since you died.");
    expect(dying.metadata?.kind).toBe("answer");
  });

  it("sees a crisis that builds across three messages, though the last, read alone, is ordinary", async () => {
    const last = "The house is tidy and the letters are on the table.";
    const alone = await newUser(t, "context.alone@example.com");
    await send(t, "PUT", "/api/profile/identity", { firstName: "Rosa", legacyPreference: "family" }, alone.cookie);
    await addMemory(t, alone.cookie, { content: MEMORY });
    expect((await ask(t, alone.cookie, last)).metadata?.checkIn).toBeNull();

    const owner = await newUser(t, "context.owner@example.com");
    await send(t, "PUT", "/api/profile/identity", { firstName: "Rosa", legacyPreference: "family" }, owner.cookie);
    await addMemory(t, owner.cookie, { content: MEMORY });
    expect((await ask(t, owner.cookie, "I visited your grave today.")).metadata?.checkIn).toBeNull();
    await ask(t, owner.cookie, "I don't think I can keep going without you.");
    const building = await ask(t, owner.cookie, last);
    // The conversation can ask for a check-in, never take the twin's answer over.
    expect(building.metadata?.kind).toBe("answer");
    expect(building.metadata?.checkIn).toContain("Testland: call 555 0100");
    // The conversation raised its check-in; an ordinary message after it needs a signal of its own (issue 59).
    const after = await ask(t, owner.cookie, "What did you cook on Sundays?");
    expect(after.metadata?.kind).toBe("answer");
    expect(after.metadata?.checkIn).toBeNull();
  });
});

