import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { visitorTwinResponseSchema } from "../../../contract";
import { createTestApp, get, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { postFile } from "../../test/multipart";
import { ask, askAnonymously } from "./test-helpers";

// Issue 44, "Hear her tell it": a twin answer that cites a memory with the owner's own recording tells the reader so,
// with its length, only when the owner's recordings audience reaches that reader; the memorial's visitors likewise.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const clip = fs.readFileSync(path.join(import.meta.dirname, "../../platform/audio/fixtures/spoken-4.5s.webm"));
const settle = (cookie: string, settings: Record<string, unknown>) => send(t, "PUT", "/api/legacy/release/settings", { inactivityMonths: null, deathReports: true, vetoDays: 7, ...settings }, cookie);

describe("the owner's own voice in the twin's answers", () => {
  it("is offered with its length where the recordings audience reaches the reader, and nowhere else", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "own.voice", ["contact"]);
    const contact = contacts[0]!;
    expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Nora", legacyPreference: "family" }, owner.cookie)).statusCode).toBe(200);
    const recording = (await postFile(t, owner.cookie, "/api/voice/sessions", clip, { field: "audio", filename: "r.webm", contentType: "audio/webm" })).json().session;
    const memory = (await send(t, "POST", "/api/memories", { content: "I sang the harbour song at the town's first festival, terrified and proud.", emotion: "Joy", category: "creative", visibility: "public" }, owner.cookie)).json().memory.id as string;
    expect((await send(t, "PATCH", `/api/memories/${memory}`, { recordingId: recording.id }, owner.cookie)).statusCode).toBe(200);
    await t.drainJobs();
    await settle(owner.cookie, { memorialSlug: "nora-own-voice" });
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now()) ON CONFLICT (user_id) DO UPDATE SET state = 'released', released_at = now()`, [owner.id]);
    const url = `/api/legacy/named-me/${contact.contactId}/twin/messages`;
    const cited = (sources: Array<{ id: string; recordingSeconds?: number }> | undefined) => sources?.find((s) => s.id === memory);

    // Only the owner hears their recordings: the answer cites the memory, with no recording offered.
    const silent = await ask(t, contact.cookie, "Tell me about the harbour song at the festival.", url);
    expect(cited(silent.metadata?.sources)).toBeDefined();
    expect(cited(silent.metadata?.sources)).not.toHaveProperty("recordingSeconds");

    // The contacts hear them: the streamed answer and the stored conversation both offer it; the memorial does not.
    await settle(owner.cookie, { memorialSlug: "nora-own-voice", recordingsAudience: "contacts-after-release" });
    const heard = await ask(t, contact.cookie, "What was the harbour song at the festival like?", url);
    expect(cited(heard.metadata?.sources)?.recordingSeconds).toBeCloseTo(recording.durationSeconds, 3);
    const stored = visitorTwinResponseSchema.parse((await get(t, `/api/legacy/named-me/${contact.contactId}/twin`, contact.cookie)).json());
    const answers = stored.messages.filter((m) => m.role === "twin");
    expect(cited(answers.at(-1)!.sources)?.recordingSeconds).toBeCloseTo(recording.durationSeconds, 3);
    const publicAsk = await askAnonymously(t, "/api/memorial/nora-own-voice/messages", "Tell me about the harbour song at the festival.");
    expect(cited(publicAsk.metadata?.sources)).toBeDefined();
    expect(cited(publicAsk.metadata?.sources)).not.toHaveProperty("recordingSeconds");

    // The public hears them too once the owner allowed it.
    await settle(owner.cookie, { memorialSlug: "nora-own-voice", recordingsAudience: "public-memorial" });
    const memorialHeard = await askAnonymously(t, "/api/memorial/nora-own-voice/messages", "Tell me about the harbour song at the festival.");
    expect(cited(memorialHeard.metadata?.sources)?.recordingSeconds).toBeCloseTo(recording.durationSeconds, 3);

    // The owner's own twin never marks it (the owner hears their recordings in the vault).
    const own = await ask(t, owner.cookie, "Tell me about the harbour song at the festival.");
    expect(cited(own.metadata?.sources)).not.toHaveProperty("recordingSeconds");
  });
});
