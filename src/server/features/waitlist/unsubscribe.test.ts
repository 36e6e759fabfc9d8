import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitlistMessages } from "../../../contract";
import { createTestApp, post, type TestApp } from "../../test/harness";
import { join, placeFromNewestMail, placeOf, positionOf, unsubscribe, unsubscribeTokenFrom } from "./test-helpers";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await join(t, "first@example.com");
  await join(t, "leaver@example.com");
  await join(t, "third@example.com");
  token = unsubscribeTokenFrom(t.mails.find((m) => m.to === "leaver@example.com")!);
});
afterAll(() => t.close());

const unsubscribedAt = async (email: string) =>
  (await t.owner.query(`SELECT unsubscribed_at FROM waitlist_entries WHERE email = $1`, [email])).rows[0].unsubscribed_at as Date | null;

describe("unsubscribing", () => {
  it("takes the entry out of the queue with the token from the e-mail, and answers only ok", async () => {
    const response = await unsubscribe(t, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await unsubscribedAt("leaver@example.com")).toBeInstanceOf(Date);
    expect(await positionOf(t, "third@example.com")).toBe(2);
    expect((await placeOf(t, "first@example.com")).total).toBe(2);
  });

  it("is idempotent: the same link again answers ok and keeps the first date", async () => {
    const first = await unsubscribedAt("leaver@example.com");
    const again = await unsubscribe(t, token);
    expect(again.statusCode).toBe(200);
    expect(await unsubscribedAt("leaver@example.com")).toEqual(first);
  });

  it("refuses an unknown or malformed token with a clear message", async () => {
    for (const bad of ["A".repeat(43), "short"]) {
      const response = await unsubscribe(t, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(waitlistMessages.unsubscribeInvalid);
    }
    expect((await unsubscribe(t, "B".repeat(43))).json().error.code).toBe("unsubscribe_link_invalid");
    expect((await post(t, "/api/waitlist/unsubscribe", {})).statusCode).toBe(400);
  });

  it("re-activates an address that joins again: back in its place, with a new e-mail and a new unsubscribe link", async () => {
    const sent = t.mails.length;
    const back = await join(t, "Leaver@example.com");
    expect(back.statusCode).toBe(202);
    expect(await placeFromNewestMail(t, "leaver@example.com")).toMatchObject({ position: 2, total: 3 });
    expect(await unsubscribedAt("leaver@example.com")).toBeNull();
    expect(t.mails.length).toBe(sent + 1);
    const fresh = unsubscribeTokenFrom(t.mails.at(-1)!);
    expect(fresh).not.toBe(token);
    // The old link stopped working when the new one was sent; the new one works.
    expect((await unsubscribe(t, token)).statusCode).toBe(400);
    expect((await unsubscribe(t, fresh)).statusCode).toBe(200);
  });
});
