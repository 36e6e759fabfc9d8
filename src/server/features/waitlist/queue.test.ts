import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { insertEntries, join, placeFromNewestMail, placeOf, positionOf, unsubscribe, unsubscribeTokenFrom } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = async (email: string) =>
  (await t.owner.query(`SELECT referral_code FROM waitlist_entries WHERE email = $1`, [email])).rows[0].referral_code as string;

describe("the queue rule: score = join order − 10 × active referrals", () => {
  it("moves a referrer up exactly 10 places per friend, ties going to the earlier signup", async () => {
    // Join order 1..12: a@ … l@.
    const names = "abcdefghijkl".split("");
    for (const n of names) expect((await join(t, `${n}@example.com`)).statusCode).toBe(202);
    expect(await positionOf(t, "l@example.com")).toBe(12);

    // l (seq 12) gets one friend m (seq 13): score 12 − 10 = 2, tied with b (seq 2), who joined earlier.
    const friend = await join(t, "m@example.com", await codeOf("l@example.com"));
    expect(friend.statusCode).toBe(202);
    expect(await positionOf(t, "m@example.com")).toBe(13); // the friend's own place is by join order
    expect(await positionOf(t, "a@example.com")).toBe(1); // score 1
    expect(await positionOf(t, "b@example.com")).toBe(2); // score 2, seq 2
    expect(await positionOf(t, "l@example.com")).toBe(3); // score 2, seq 12
    expect(await positionOf(t, "c@example.com")).toBe(4); // pushed down by one
    expect(await positionOf(t, "k@example.com")).toBe(12);

    // A second friend (seq 14): score 12 − 20 = −8, first in the queue.
    await join(t, "n@example.com", (await codeOf("l@example.com")).toUpperCase());
    expect(await positionOf(t, "l@example.com")).toBe(1);
    expect(await positionOf(t, "a@example.com")).toBe(2);
    const total = (await placeOf(t, "a@example.com")).total;
    expect(total).toBe(14);
  });

  it("stops counting a friend who unsubscribes, and drops unsubscribed people from the queue", async () => {
    const sent = t.mails.find((m) => m.to === "n@example.com")!;
    expect((await unsubscribe(t, unsubscribeTokenFrom(sent))).statusCode).toBe(200);
    // l is back to one friend: score 2, behind a (1) and b (2, earlier).
    expect(await positionOf(t, "l@example.com")).toBe(3);
    expect((await placeOf(t, "a@example.com")).total).toBe(13);

    const aMail = t.mails.find((m) => m.to === "a@example.com")!;
    await unsubscribe(t, unsubscribeTokenFrom(aMail));
    expect(await positionOf(t, "b@example.com")).toBe(1);
    expect(await positionOf(t, "l@example.com")).toBe(2);
  });

  it("ignores an unknown referral code and a person's own code", async () => {
    const unknown = await join(t, "stranger@example.com", "zzzzzzzz");
    expect(unknown.statusCode).toBe(202);
    const self = await join(t, "stranger@example.com", await codeOf("stranger@example.com"));
    expect(self.statusCode).toBe(202);
    const row = await t.owner.query(`SELECT referred_by FROM waitlist_entries WHERE email = 'stranger@example.com'`);
    expect(row.rows[0].referred_by).toBeNull();
    const referrals = await t.owner.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE referred_by = (SELECT id FROM waitlist_entries WHERE email = 'stranger@example.com')`);
    expect(referrals.rows[0].n).toBe(0);
  });

  it("does not credit a code to an address that is already waiting", async () => {
    const before = await positionOf(t, "c@example.com");
    await join(t, "d@example.com", await codeOf("c@example.com"));
    expect(await positionOf(t, "c@example.com")).toBe(before);
  });
});

describe("founding members", () => {
  let f: TestApp;
  beforeAll(async () => {
    f = await createTestApp();
  });
  afterAll(() => f.close());

  it("are the first 50 signups: the 50th is one, the 51st is not", async () => {
    await insertEntries(f, 1, 49);
    await join(f, "fiftieth@example.com");
    expect(await placeFromNewestMail(f, "fiftieth@example.com")).toMatchObject({ position: 50, foundingMember: true });
    expect(f.mails.at(-1)!.text).toContain("founding member");
    await join(f, "fifty-first@example.com");
    expect(await placeFromNewestMail(f, "fifty-first@example.com")).toMatchObject({ position: 51, foundingMember: false });
    expect(f.mails.at(-1)!.text).not.toContain("founding member");
    // Leaving and coming back keeps one's join order, and with it the founding status.
    const token = unsubscribeTokenFrom(f.mails.find((m) => m.to === "fiftieth@example.com")!);
    expect((await unsubscribe(f, token)).statusCode).toBe(200);
    expect((await join(f, "fiftieth@example.com")).statusCode).toBe(202);
    expect(await placeFromNewestMail(f, "fiftieth@example.com")).toMatchObject({ position: 50, foundingMember: true });
  });
});
