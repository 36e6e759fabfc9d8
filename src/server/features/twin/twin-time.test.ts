import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, newUser, send, type TestApp } from "../../test/harness";
import { addMemory, ask } from "./test-helpers";

// The twin and when memories happened: questions about a year, a decade or a stage of life find the memories dated
// then, even when their words say nothing about the time, and the answer says when.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const citedIds = (answer: Awaited<ReturnType<typeof ask>>) => answer.metadata?.sources.map((s) => s.id) ?? [];

describe("the twin and when memories happened", () => {
  it("answers a question about a year, a decade or a stage of life from the memories dated then", async () => {
    const { cookie } = await newUser(t, "twin.time@example.com");
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Marta", birthday: "1948-03-02", legacyPreference: "family" }, cookie)).statusCode).toBe(200);
    const chickens = await addMemory(t, cookie, { content: "We kept chickens behind the house and I fed them every morning before school.", happenedOn: "1956" });
    const car = await addMemory(t, cookie, { content: "I bought my first car, a blue Fiat with a cracked windscreen, and drove it to the coast.", happenedOn: "1973-08" });
    const move = await addMemory(t, cookie, { content: "We sold the flat and moved north to Porto, where nobody knew us.", happenedOn: "1995-04-12" });
    await addMemory(t, cookie, { content: "My favourite bread is the dark rye from the market stall on Saturdays." });
    await t.drainJobs();

    const ninetyFive = await ask(t, cookie, "What happened in 1995?");
    expect(citedIds(ninetyFive)).toEqual([move]);
    expect(ninetyFive.text).toContain("That was on April 12, 1995.");
    expect(citedIds(await ask(t, cookie, "Tell me about the seventies."))).toEqual([car]);
    const young = await ask(t, cookie, "What did you do when you were young?");
    expect(citedIds(young)).toEqual([chickens]);
    expect(young.text).toContain("That was in 1956.");
    // A question about a topic is answered as before, and a date already in the words is not said twice.
    const bread = await ask(t, cookie, "What is your favourite bread?");
    expect(bread.text).not.toContain("That was");
    // A time with nothing recorded then is an honest "never talked about that".
    expect((await ask(t, cookie, "What happened in 1962?")).metadata).toMatchObject({ sources: [], abstained: true });
  });

  it("without a birthday, a stage of life is read by its words alone", async () => {
    const { cookie, id } = await newUser(t, "twin.time.nobirthday@example.com");
    // An account from before sign-up asked the date of birth, which never gave one.
    await t.owner.query(`UPDATE profiles SET birthday = NULL WHERE user_id = $1`, [id]);
    await addMemory(t, cookie, { content: "I restored an old sailing boat with my brother over three winters.", happenedOn: "1988" });
    await t.drainJobs();
    expect((await ask(t, cookie, "What did you do when you were young?")).metadata).toMatchObject({ abstained: true });
  });
});
