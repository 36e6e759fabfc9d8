import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract";
import { ADULT_BIRTH_DATE, cookieHeader, createTestApp, get, ORIGIN, post, tokenFromMail, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (url: string, body: string) =>
  t.app.inject({ method: "POST", url, payload: body, headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" } });

async function freshToken(email: string): Promise<string> {
  const sent = t.mails.length;
  expect((await post(t, "/api/session/magic-link", { email }, {}, `10.7.0.${sent + 1}`)).statusCode).toBe(200);
  return tokenFromMail(t.mails[sent]!);
}

describe("where sign-in goes next (issue 31, finding 7)", () => {
  // "ā" is beyond Latin-1 and \u0001 a control character: Node refuses either in a Location header, which used to
  // surface as Fastify's own 500 body after the token was already spent.
  it.each([
    ["a letter beyond Latin-1", "/%C4%81"],
    ["a control character", "/dashboard%01x"],
    ["a DEL character", "/dashboard%7F"],
    ["a Latin-1 letter", "/caf%C3%A9"],
  ])("refuses a next holding %s on the confirmation form, before the token is spent", async (_case, encodedNext) => {
    const token = await freshToken(`next.${encodedNext.length}.${Date.now()}@example.com`);
    const refused = await form("/login/confirm", `token=${token}&next=${encodedNext}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["content-type"]).toContain("text/html");
    expect(refused.body).toContain(messages.linkInvalid);
    expect(refused.headers["set-cookie"]).toBeUndefined();
    // The token still works with an ordinary next.
    const confirmed = await form("/login/confirm", `token=${token}&next=%2Fdashboard&birthDate=${ADULT_BIRTH_DATE}`);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe("/dashboard#signed-in");
    expect((await get(t, "/api/session", cookieHeader(confirmed))).statusCode).toBe(200);
  });

  it("opening a link whose next is not a plain path shows the invalid-link page, never a form carrying it", async () => {
    const opened = await get(t, "/login/confirm?token=" + "x".repeat(32) + "&next=%2F%C4%81");
    expect(opened.statusCode).toBe(400);
    expect(opened.body).toContain(messages.linkInvalid);
  });

  it("refuses such a next in the API's envelope, when asking for a link, confirming one or starting Google sign-in", async () => {
    const token = await freshToken("api.next@example.com");
    const cases = [
      await post(t, "/api/session/magic-link", { email: "api.next.two@example.com", next: "/ā" }, {}, "10.7.1.1"),
      await post(t, "/api/session/magic-link/confirm", { token, next: "/\u0001" }),
      await post(t, "/api/session/google", { next: "/ā" }),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("validation_failed");
    }
    // Confirming was refused before the token was spent.
    const confirmed = await post(t, "/api/session/magic-link/confirm", { token, birthDate: ADULT_BIRTH_DATE });
    expect(confirmed.statusCode).toBe(200);
  });
});
