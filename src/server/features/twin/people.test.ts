import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PEOPLE_MAX, peopleMessages, peopleResponseSchema } from "../../../contract";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { addMemory, ask } from "./test-helpers";

// Issue 58, the people in her life: a list the owner sees and corrects, suggested from her memories and contacts, that
// the twin reads to know whom a family member's "Dad" names and to say "your dad" back.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (cookie: string) => peopleResponseSchema.parse((await get(t, "/api/twin/people", cookie)).json());

describe("the People list", () => {
  it("suggests people from the owner's memories and contacts, confirms, corrects and removes them", async () => {
    const { owner } = await ownerWithContacts(t, "people.owner", ["contact"], [{ name: "Ada Okafor", relationship: "eldest daughter" }]);
    await addMemory(t, owner.cookie, { content: "My late husband Desmond and I married at St Aidan's. Our son Kofi came two years later." });
    await addMemory(t, owner.cookie, { content: "Desmond's sister was no help, but my sister Grace was, and Desmond knew it." });
    await addMemory(t, owner.cookie, { content: "My husband Desmond drove us to the coast every August." });

    const first = await list(owner.cookie);
    expect(first.people).toEqual([]);
    expect(first.suggestions).toEqual([
      { name: "Ada Okafor", relationship: "daughter", from: "contacts", count: 1 },
      { name: "Desmond", relationship: "husband", from: "memories", count: 2 },
      { name: "Grace", relationship: "sister", from: "memories", count: 1 },
      { name: "Kofi", relationship: "son", from: "memories", count: 1 },
    ]);

    const added = await send(t, "POST", "/api/twin/people", { name: " Desmond ", relationship: "late husband" }, owner.cookie);
    expect(added.statusCode).toBe(201);
    expect(added.json().person).toMatchObject({ name: "Desmond", relationship: "late husband" });
    const after = await list(owner.cookie);
    expect(after.people.map((p) => p.name)).toEqual(["Desmond"]);
    expect(after.suggestions.map((s) => s.name)).not.toContain("Desmond");

    // The same person twice is refused and stores nothing more.
    const twice = await send(t, "POST", "/api/twin/people", { name: "desmond", relationship: "LATE HUSBAND" }, owner.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(peopleMessages.duplicate);

    const id = added.json().person.id as string;
    const corrected = await send(t, "PATCH", `/api/twin/people/${id}`, { name: "Desmond Okafor", relationship: "husband" }, owner.cookie);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().person).toMatchObject({ name: "Desmond Okafor", relationship: "husband" });
    expect((await send(t, "DELETE", `/api/twin/people/${id}`, undefined, owner.cookie)).statusCode).toBe(200);
    expect((await list(owner.cookie)).people).toEqual([]);
    expect((await send(t, "DELETE", `/api/twin/people/${id}`, undefined, owner.cookie)).statusCode).toBe(404);
  });

  it("refuses what is not a person with the reason, and stores nothing", async () => {
    const { cookie, id } = await newUser(t, "people.invalid@example.com");
    const cases: Array<[unknown, string]> = [
      [{ name: "", relationship: "sister" }, peopleMessages.nameRequired],
      [{ name: "Grace", relationship: "   " }, peopleMessages.relationshipRequired],
      [{ name: "G".repeat(81), relationship: "sister" }, peopleMessages.nameTooLong],
      [{ name: "Grace", relationship: "s".repeat(41) }, peopleMessages.relationshipTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await send(t, "POST", "/api/twin/people", body, cookie);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain(message);
    }
    expect((await send(t, "POST", "/api/twin/people", { name: "Grace", relationship: "sister", extra: 1 }, cookie)).statusCode).toBe(400);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM people WHERE user_id = $1`, [id])).rows[0].n).toBe(0);
  });

  it("holds 200 people at most: the next is refused with the reason, and a correction still goes through", async () => {
    const { cookie, id } = await newUser(t, "people.full@example.com");
    await t.owner.query(`INSERT INTO people (user_id, name, relationship) SELECT $1, 'Friend ' || n, 'friend' FROM generate_series(1, ${PEOPLE_MAX}) n`, [id]);
    const refused = await send(t, "POST", "/api/twin/people", { name: "Grace", relationship: "sister" }, cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: "people_limit", message: peopleMessages.tooMany });
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM people WHERE user_id = $1`, [id])).rows[0].n).toBe(PEOPLE_MAX);
    const first = (await list(cookie)).people[0]!;
    expect((await send(t, "PATCH", `/api/twin/people/${first.id}`, { name: first.name, relationship: "neighbour" }, cookie)).statusCode).toBe(200);
  });

  it("keeps each person's list their own: another person's entry is not found, and never listed", async () => {
    const alice = await newUser(t, "people.alice@example.com");
    const bob = await newUser(t, "people.bob@example.com");
    const grace = (await send(t, "POST", "/api/twin/people", { name: "Grace", relationship: "sister" }, alice.cookie)).json().person.id as string;
    expect((await send(t, "PATCH", `/api/twin/people/${grace}`, { name: "Mallory", relationship: "sister" }, bob.cookie)).statusCode).toBe(404);
    expect((await send(t, "DELETE", `/api/twin/people/${grace}`, undefined, bob.cookie)).statusCode).toBe(404);
    expect((await list(bob.cookie)).people).toEqual([]);
    expect((await list(alice.cookie)).people.map((p) => p.name)).toEqual(["Grace"]);
    expect((await send(t, "DELETE", `/api/twin/people/not-a-uuid`, undefined, alice.cookie)).statusCode).toBe(404);
    expect((await get(t, "/api/twin/people")).statusCode).toBe(401);
  });
});

describe("the twin reads the People list", () => {
  it("a daughter's 'Dad' is the husband on the list, and the reply calls him her dad", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "people.twin", ["contact"], [{ name: "Ada Okafor", relationship: "daughter" }]);
    await addMemory(t, owner.cookie, { content: "Desmond was the gentlest man I ever knew. He whistled hymns while he shaved and never once raised his voice to the children.", visibility: "family" });
    await addMemory(t, owner.cookie, { content: "I delivered babies for thirty-four years at the Royal Infirmary, most of them on night shifts.", visibility: "family" });
    await send(t, "POST", "/api/twin/people", { name: "Desmond", relationship: "late husband" }, owner.cookie);
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')`, [owner.id]);
    const [ada] = contacts;
    const answer = await ask(t, ada!.cookie, "What was Dad like?", `/api/legacy/named-me/${ada!.contactId}/twin/messages`);
    expect(answer.metadata?.sources.length).toBe(1);
    expect(answer.text).toContain("Your dad was the gentlest man I ever knew.");
    expect(answer.text).not.toContain("Desmond");
  });
});
