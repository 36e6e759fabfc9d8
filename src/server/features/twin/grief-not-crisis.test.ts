import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TIME_ZONE_HEADER } from "../../../contract/crisis";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { addMemory, ask } from "./test-helpers";

// Issue 59: a grieving family's ordinary questions get the twin's answer and no check-in, whatever the memory the twin
// quotes is about; a conversation raises a check-in once; and the crisis lines of the reader's country come first.
vi.setConfig({ testTimeout: 90_000 });
const CRISIS = "I don't want to be here anymore. I just want to be with you again.";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The lines of the default CRISIS_RESOURCES, in the order a message shows them.
const order = (text: string) => text.split("\n").filter((line) => line.startsWith("• ")).map((line) => (line.includes("988") ? "988" : line.includes("Samaritans") ? "Samaritans" : "other"));

describe("a grieving daughter's questions to her mother's twin", () => {
  it("get the twin's answer with no check-in, though the memory it answers from tells of her father's death", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "grief.leeds", ["contact"], [{ name: "Jo", relationship: "daughter" }]);
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Margaret", legacyPreference: "family" }, owner.cookie)).statusCode).toBe(200);
    await addMemory(t, owner.cookie, { content: "My parkin is oatmeal, black treacle and golden syrup, a good spoon of ginger, baked low and then left in the tin for three days so it goes sticky.", visibility: "family" });
    await addMemory(t, owner.cookie, { content: "After Frank died I hid the spare key to the house in the coal bunker, under the loose brick, because I kept locking myself out that winter.", visibility: "family" });
    await addMemory(t, owner.cookie, { content: "Frank died in the hospice on a Tuesday in March. I held his hand and told him the garden was coming up, and he smiled.", visibility: "family" });
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day') ON CONFLICT (user_id) DO UPDATE SET state = 'released', released_at = EXCLUDED.released_at`, [owner.id]);
    const url = `/api/legacy/named-me/${contacts[0]!.contactId}/twin/messages`;
    for (const question of [
      "How do you make your parkin? I want to make it for Sam this Bonfire Night.",
      "How do you make your parkin?",
      "Mum, where did you hide the spare key to the house?",
      "Where is the spare key?",
    ]) {
      const answer = await ask(t, contacts[0]!.cookie, question, url);
      expect(answer.error, question).toBeUndefined();
      expect(answer.metadata?.kind, question).toBe("answer");
      expect(answer.metadata?.checkIn, question).toBeNull();
    }
    // Read back, none of them carries one either.
    const twin = (await get(t, `/api/legacy/named-me/${contacts[0]!.contactId}/twin`, contacts[0]!.cookie)).json() as { messages: Array<{ role: string; checkIn: string | null }> };
    expect(twin.messages.filter((m) => m.role === "twin").map((m) => m.checkIn)).toEqual([null, null, null, null]);
  });
});

describe("the crisis lines of the place the reader lives", () => {
  it("come first: the profile's country, else the browser's time zone (United Kingdom: Samaritans; United States: 988)", async () => {
    const british = await newUser(t, "helplines.uk@example.com");
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Ann", legacyPreference: "family", country: "GB" }, british.cookie)).statusCode).toBe(200);
    expect(order((await ask(t, british.cookie, CRISIS)).text).slice(0, 2)).toEqual(["Samaritans", "988"]);
    // The profile wins over the time zone.
    expect(order((await ask(t, british.cookie, CRISIS, "/api/twin/chat", { [TIME_ZONE_HEADER]: "America/Chicago" })).text).slice(0, 2)).toEqual(["Samaritans", "988"]);

    const american = await newUser(t, "helplines.us@example.com");
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Bea", legacyPreference: "family", country: "US" }, american.cookie)).statusCode).toBe(200);
    expect(order((await ask(t, american.cookie, CRISIS)).text).slice(0, 2)).toEqual(["988", "Samaritans"]);

    const unsaid = await newUser(t, "helplines.zone@example.com");
    expect(order((await ask(t, unsaid.cookie, CRISIS, "/api/twin/chat", { [TIME_ZONE_HEADER]: "Europe/London" })).text).slice(0, 2)).toEqual(["Samaritans", "988"]);
    expect(order((await ask(t, unsaid.cookie, CRISIS, "/api/twin/chat", { [TIME_ZONE_HEADER]: "America/New_York" })).text).slice(0, 2)).toEqual(["988", "Samaritans"]);
    // Neither: as the installation lists them.
    expect(order((await ask(t, unsaid.cookie, CRISIS)).text).slice(0, 2)).toEqual(["988", "Samaritans"]);
  });

  it("refuses a country that is not one, and clears it with null", async () => {
    const person = await newUser(t, "helplines.bad@example.com");
    const bad = await send(t, "PUT", "/api/profile/identity", { firstName: "Cy", legacyPreference: "family", country: "XX" }, person.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Choose a country from the list, or leave it empty.");
    const lower = await send(t, "PUT", "/api/profile/identity", { firstName: "Cy", legacyPreference: "family", country: "gb" }, person.cookie);
    expect(lower.statusCode).toBe(400);
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Cy", legacyPreference: "family", country: "IE" }, person.cookie)).json().profile.country).toBe("IE");
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Cy", legacyPreference: "family" }, person.cookie)).json().profile.country).toBe("IE");
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Cy", legacyPreference: "family", country: null }, person.cookie)).json().profile.country).toBeNull();
  });
});
