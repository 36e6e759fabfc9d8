import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, type TestApp } from "../../test/harness";
import { inviteToWaitlist } from "./invite";
import { join, placeFromNewestMail, unsubscribe, unsubscribeTokenFrom } from "./test-helpers";

let t: TestApp;
let ann: { referralCode: string };
let annToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await join(t, "ann@example.com");
  ann = await placeFromNewestMail(t, "ann@example.com");
  annToken = unsubscribeTokenFrom(t.mails.at(-1)!);
  await inviteToWaitlist({ db: t.ctx.authDb, mailer: t.ctx.mailer, publicUrl: t.ctx.config.publicUrl }, "ann@example.com");
});
afterAll(() => t.close());

/** Everything that identifies Ann's entry or is secret about it. */
const annSecrets = () => ["ann@example.com", ann.referralCode, annToken];

describe("no endpoint tells one person about another's entry", () => {
  it("a friend who joins with Ann's link learns nothing about Ann, not even whether the code was real", async () => {
    const withRef = await join(t, "bea@example.com", ann.referralCode);
    const withBogus = await join(t, "cal@example.com", "qqqqqqqq");
    for (const response of [withRef, withBogus]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ emailed: true });
      for (const secret of annSecrets()) expect(response.body).not.toContain(secret);
    }
    const beaMail = t.mails.find((m) => m.to === "bea@example.com")!;
    for (const secret of annSecrets()) expect(`${beaMail.subject}${beaMail.text}${beaMail.html}`).not.toContain(secret);
    for (const secret of annSecrets()) expect(JSON.stringify(await placeFromNewestMail(t, "bea@example.com"))).not.toContain(secret);
  });

  it("typing Ann's address answers as for any new address, not even that it is on the list; her place and code go to Ann herself", async () => {
    const sent = t.mails.length;
    const response = await join(t, "ann@example.com");
    const stranger = await join(t, "nobody.yet@example.com");
    expect({ status: response.statusCode, body: response.body }).toEqual({ status: stranger.statusCode, body: stranger.body });
    for (const secret of [ann.referralCode, annToken]) expect(response.body).not.toContain(secret);
    const hash = (await t.owner.query(`SELECT unsubscribe_token_hash FROM waitlist_entries WHERE email = 'ann@example.com'`)).rows[0].unsubscribe_token_hash;
    expect(response.body).not.toContain(hash);
    expect(t.mails.slice(sent).map((m) => m.to)).toEqual(["ann@example.com", "nobody.yet@example.com"]);
  });

  it("unsubscribing answers only ok, and there is no endpoint that lists the waitlist", async () => {
    const response = await unsubscribe(t, unsubscribeTokenFrom(t.mails.find((m) => m.to === "cal@example.com")!));
    expect(response.body).toBe(JSON.stringify({ ok: true }));
    expect((await get(t, "/api/waitlist")).statusCode).toBe(404);
    expect((await get(t, "/api/events")).statusCode).toBe(404);
  });
});
