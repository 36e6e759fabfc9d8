import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { consciousnessExportSchema, type ConsciousnessExport } from "../../../contract";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { addMemory, ask } from "./test-helpers";

// Issue 47: every stored answer keeps what it is (the twin's own answer, a support message, an identity answer, a
// notice) with its row, so a conversation read back, exported or imported still knows a support message is not the twin.
vi.setConfig({ testTimeout: 60_000 });
const CRISIS = "I don't want to be here anymore. I just want to be with you again.";
const MEMORY = "Every Sunday I made lasagna for the whole family, with my mother's recipe and far too much cheese.";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exported = async (cookie: string): Promise<ConsciousnessExport> => consciousnessExportSchema.parse(JSON.parse((await get(t, "/api/export/consciousness", cookie)).body));
const kinds = (rows: Array<{ kind?: string | null }>) => rows.map((r) => r.kind ?? null);

describe("migration 0056", () => {
  it("gives earlier answers their kind from the model name the prepared messages were stored under, and refuses an answer without one", async () => {
    const owner = await newUser(t, "kind.backfill@example.com");
    const lineage = JSON.stringify({ memoryIds: [], calibrationIds: [], traits: [], provider: "local", retrievalMs: 1, generationMs: 1 });
    // The tables as they were before the migration, with one row of every kind stored the old way.
    for (const table of ["twin_conversations", "legacy_visitor_messages"]) await t.owner.query(`ALTER TABLE ${table} DROP COLUMN kind`);
    await t.owner.query(
      `INSERT INTO twin_conversations (user_id, message_type, prompt, response, lineage, model_name, created_at) VALUES
         ($1, 'user', 'Help', '', NULL, NULL, now() - interval '4 minutes'),
         ($1, 'ai', 'Help', 'I have to step out of Rosa''s voice for a moment.', $2, 'Mindprint support message', now() - interval '3 minutes'),
         ($1, 'ai', 'Are you real?', 'No, I''m not Rosa, and I''m not alive.', $2, 'Mindprint', now() - interval '2 minutes'),
         ($1, 'ai', 'Sundays?', 'Lasagna.', $2, 'Mindprint offline twin', now() - interval '1 minute')`,
      [owner.id, lineage],
    );
    await t.owner.query(
      `INSERT INTO legacy_visitor_messages (user_id, owner_id, owner_name, message_type, prompt, response, model_name) VALUES
         ($1, $1, 'Rosa', 'user', 'Help', '', NULL), ($1, $1, 'Rosa', 'ai', 'Help', 'I have to step out.', 'Mindprint support message')`,
      [owner.id],
    );
    const sql = fs.readFileSync(path.join(import.meta.dirname, "../../db/migrations/0056_twin_answer_kind.sql"), "utf8");
    for (const statement of sql.split("--> statement-breakpoint")) await t.owner.query(statement);
    const owned = await t.owner.query(`SELECT message_type, kind FROM twin_conversations WHERE user_id = $1 ORDER BY created_at`, [owner.id]);
    expect(owned.rows.map((r) => r.kind)).toEqual([null, "support", "identity", "answer"]);
    const visits = await t.owner.query(`SELECT kind FROM legacy_visitor_messages WHERE user_id = $1 ORDER BY message_type DESC`, [owner.id]);
    expect(visits.rows.map((r) => r.kind)).toEqual([null, "support"]);
    // No default: an answer stored without its kind, a question with one, or an unknown kind is refused.
    for (const [type, kind] of [["ai", null], ["user", "answer"], ["ai", "poem"]]) {
      await expect(t.owner.query(`INSERT INTO twin_conversations (user_id, message_type, prompt, kind) VALUES ($1, $2, 'x', $3)`, [owner.id, type, kind]), `${type} ${kind}`).rejects.toMatchObject({ code: "23514" });
    }
  });
});

describe("the kind of each answer", () => {
  it("comes back with the owner's conversation and a contact's, goes into their exports, and an older file's is read from its model name", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "kind.export", ["contact"]);
    await send(t, "PUT", "/api/profile/identity", { firstName: "Rosa", legacyPreference: "family" }, owner.cookie);
    await addMemory(t, owner.cookie, { content: MEMORY, visibility: "family" });
    for (const text of [CRISIS, "Is it really you, Rosa?", "What did you cook on Sundays?"]) expect((await ask(t, owner.cookie, text)).status).toBe(200);
    const history = (await get(t, "/api/twin/messages", owner.cookie)).json().messages as Array<{ role: string; kind: string | null }>;
    expect(history.map((m) => [m.role, m.kind])).toEqual([["user", null], ["twin", "support"], ["user", null], ["twin", "identity"], ["user", null], ["twin", "answer"]]);
    const file = await exported(owner.cookie);
    expect(kinds(file.conversations.data)).toEqual([null, "support", null, "identity", null, "answer"]);

    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')`, [owner.id]);
    const contact = contacts[0]!;
    expect((await ask(t, contact.cookie, CRISIS, `/api/legacy/named-me/${contact.contactId}/twin/messages`)).metadata?.kind).toBe("support");
    expect(kinds((await exported(contact.cookie)).legacyConversations.data)).toEqual([null, "support"]);

    // A file written before answers kept their kind: the import reads it from the model name, as the migration does.
    const older = { ...file, conversations: { ...file.conversations, data: file.conversations.data.map(({ kind: _kind, ...row }) => row) } };
    const heir = await newUser(t, "kind.import@example.com");
    const imported = await send(t, "POST", "/api/import", { file: JSON.stringify(older) }, heir.cookie);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(kinds((await exported(heir.cookie)).conversations.data)).toEqual([null, "support", null, "identity", null, "answer"]);
  });
});
