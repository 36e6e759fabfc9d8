import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PNG } from "pngjs";
import { LEGACY_DOCUMENTS_PER_CONTACT, legacyMessages } from "../../contract";
import { controlCharacterMessages } from "../../contract/plain-text";
import { createTestApp, newUser, send, type TestApp } from "../test/harness";
import { ownerWithContacts } from "../test/legacy-contacts";
import { postFile } from "../test/multipart";

// Issue 57, the low findings of the fourth attack (SECURITY.md 54, 55): documents a contact attaches are bounded in
// count, bytes and rate, and accepted only while a reported death waits; names and relationships refuse bidirectional
// overrides and isolates; memorial addresses are reserved one at a time, freed when left or when the account goes,
// and their changes are rate-limited.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("names that read as another name", () => {
  it("refuses bidirectional overrides and isolates in a first name, a contact's name and a relationship; keeps right-to-left text", async () => {
    const { cookie } = await newUser(t, "bidi.names@example.com");
    for (const mark of ["\u202e", "\u202d", "\u202a", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      for (const body of [
        { name: `Ada${mark}nosmaS`, email: "ada.bidi@example.com", relationship: "daughter" },
        { name: "Ada Samson", email: "ada.bidi@example.com", relationship: `daughter${mark}` },
      ]) {
        const refused = await send(t, "POST", "/api/legacy/contacts", body, cookie);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().error.message).toBe(controlCharacterMessages.singleLine);
      }
      const named = await send(t, "PUT", "/api/profile/identity", { firstName: `Nora${mark}`, legacyPreference: "family" }, cookie);
      expect(named.statusCode).toBe(400);
    }
    // No invitation went out with any of them.
    expect(t.mails.filter((m) => m.to === "ada.bidi@example.com")).toEqual([]);
    // Hebrew and Arabic names are right-to-left without any control character.
    expect((await send(t, "POST", "/api/legacy/contacts", { name: "נועה כהן", email: "noa.rtl@example.com", relationship: "בת" }, cookie)).statusCode).toBe(201);
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "ليلى", legacyPreference: "family" }, cookie)).statusCode).toBe(200);
  });
});

describe("memorial addresses, one at a time", () => {
  const settings = (cookie: string, memorialSlug: string | null) => send(t, "PUT", "/api/legacy/release/settings", { inactivityMonths: null, deathReports: true, vetoDays: 7, memorialSlug }, cookie);
  async function named(email: string, firstName: string) {
    const person = await newUser(t, email);
    expect((await send(t, "PUT", "/api/profile/identity", { firstName, legacyPreference: "public" }, person.cookie)).statusCode).toBe(200);
    return person;
  }

  it("the squatter: an owner holds only the address they use, may change it five times an hour, and what they leave is free", async () => {
    const squatter = await named("slug.squatter@example.com", "Sam");
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await settings(squatter.cookie, `squat-${i}`)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await settings(squatter.cookie, "squat-9");
    expect(refused.json().error.message).toBe(legacyMessages.memorialSlugTooOften);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Saving the other settings with the same address is no change.
    expect((await settings(squatter.cookie, "squat-4")).statusCode).toBe(200);
    const held = await t.owner.query(`SELECT slug FROM memorial_addresses WHERE user_id = $1`, [squatter.id]);
    expect(held.rows.map((r) => r.slug)).toEqual(["squat-4"]);
    // Someone else may take an address the squatter left, never the one they hold.
    const other = await named("slug.other@example.com", "Olive");
    expect((await settings(other.cookie, "squat-0")).statusCode).toBe(200);
    expect((await settings(other.cookie, "squat-4")).json().error.message).toBe(legacyMessages.memorialSlugTaken);
  });

  it("closing the memorial or deleting the account frees the address; one a released memorial was served at stays its own", async () => {
    const closing = await named("slug.closing@example.com", "Cora");
    await settings(closing.cookie, "cora-remembered");
    await settings(closing.cookie, null);
    const leaving = await named("slug.leaving@example.com", "Lev");
    await settings(leaving.cookie, "lev-remembered");
    expect((await send(t, "DELETE", "/api/account", { confirmation: "DELETE" }, leaving.cookie)).statusCode).toBe(200);
    const released = await named("slug.released@example.com", "Rhea");
    await settings(released.cookie, "rhea-remembered");
    await t.owner.query(`UPDATE legacy_releases SET state = 'released', released_at = now() WHERE user_id = $1`, [released.id]);
    await t.owner.query(`UPDATE legacy_releases SET state = 'active', released_at = NULL WHERE user_id = $1`, [released.id]);
    await settings(released.cookie, "rhea-elsewhere");

    const taker = await named("slug.taker@example.com", "Tess");
    expect((await settings(taker.cookie, "cora-remembered")).statusCode).toBe(200);
    expect((await settings(taker.cookie, "lev-remembered")).statusCode).toBe(200);
    // Printed in an obituary, perhaps: it never leads to someone else's memorial.
    expect((await settings(taker.cookie, "rhea-remembered")).json().error.message).toBe(legacyMessages.memorialSlugTaken);
  });
});

describe("documents a contact attaches", () => {
  const scan = () => {
    const image = new PNG({ width: 32, height: 32 });
    image.data.fill(200);
    return PNG.sync.write(image);
  };
  const attach = (c: { cookie: string; contactId: string }, bytes: Buffer, filename = "scan.png") =>
    postFile(t, c.cookie, `/api/legacy/named-me/${c.contactId}/documents`, bytes, { field: "document", filename, contentType: "application/octet-stream" });

  it("are bounded per contact, rate-limited, and accepted only while a reported death waits for confirmation", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "documents.bounded", ["contact", "contact"]);
    const [first, second] = contacts as [{ cookie: string; contactId: string }, { cookie: string; contactId: string }];
    // Before a report: refused, nothing kept.
    expect((await attach(first, scan())).json().error.message).toBe(legacyMessages.documentWhen);
    expect((await send(t, "POST", `/api/legacy/named-me/${first.contactId}/death-report`, { note: "" }, first.cookie)).statusCode).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < LEGACY_DOCUMENTS_PER_CONTACT + 3; i++) answers.push((await attach(first, scan(), `scan-${i}.png`)).statusCode);
    expect(answers).toEqual([...Array(LEGACY_DOCUMENTS_PER_CONTACT).fill(201), 409, 409, 409]);
    expect((await attach(first, scan())).json().error.message).toBe(legacyMessages.documentsTooMany);
    // Twelve attempts in ten minutes, whatever they carry: the thirteenth is refused before it is read.
    for (let i = 0; i < 12; i++) expect((await attach(second, Buffer.from("not a document at all"), "notes.txt")).statusCode).toBe(400);
    const flooded = await attach(second, scan());
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().error.message).toBe(legacyMessages.documentsTooOften);
    const kept = await t.owner.query(`SELECT contact_id, count(*)::int AS n FROM legacy_documents WHERE user_id = $1 GROUP BY contact_id`, [owner.id]);
    expect(kept.rows).toEqual([{ contact_id: first.contactId, n: LEGACY_DOCUMENTS_PER_CONTACT }]);
    // Released: the documents stay for the executors, and nothing more is accepted.
    await t.owner.query(`UPDATE legacy_releases SET state = 'released', released_at = now(), pending_since = NULL, pending_reason = NULL, veto_until = NULL WHERE user_id = $1`, [owner.id]);
    await t.owner.query(`DELETE FROM legacy_documents WHERE user_id = $1`, [owner.id]);
    expect((await attach(first, scan())).json().error.message).toBe(legacyMessages.documentWhen);
  });
});
