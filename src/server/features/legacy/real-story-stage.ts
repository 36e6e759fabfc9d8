import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { get, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { postFile } from "../../test/multipart";

// The stage of issue 34's "real story" tests (order and dates, recordings, memorial; a file each): an owner born
// 1960-06-14 with a contact and an executor, and the requests each file makes. `app` is the file's own test app.

export const speechFixture = fs.readFileSync(path.join(import.meta.dirname, "../../platform/audio/fixtures/spoken-4.5s.webm"));
export const uploadRecording = (t: TestApp, cookie: string, bytes: Buffer) => postFile(t, cookie, "/api/voice/sessions", bytes, { field: "audio", filename: "recording.webm", contentType: "audio/webm" });

export function realStory(app: () => TestApp) {
  /** A family question from the capture queue, as the page gets it. */
  const familyPrompt = async (cookie: string) =>
    ((await get(app(), "/api/capture/prompts", cookie)).json().queue as { id: string; category: string; text: string }[]).find((p) => p.category === "family")!;
  const settingsBase = { inactivityMonths: null, deathReports: true, vetoDays: 7 };
  const read = (cookie: string, contactId: string, query = "") => get(app(), `/api/legacy/named-me/${contactId}/memories${query}`, cookie);
  const hear = (cookie: string, contactId: string, memoryId: string, range?: string) =>
    app().app.inject({ method: "GET", url: `/api/legacy/named-me/${contactId}/memories/${memoryId}/recording`, headers: { cookie, ...(range ? { range } : {}) } });
  const hearMemorial = (slug: string, memoryId: string) => app().app.inject({ method: "GET", url: `/api/memorial/${slug}/memories/${memoryId}/recording` });
  const settle = (cookie: string, settings: Record<string, unknown>) => send(app(), "PUT", "/api/legacy/release/settings", { ...settingsBase, ...settings }, cookie);

  /** An owner (born 1960-06-14, named, memories family by default) with two accepted contacts. */
  async function owner(name: string) {
    const { owner, contacts } = await ownerWithContacts(app(), name, ["contact", "executor"]);
    expect((await send(app(), "PUT", "/api/profile/identity", { firstName: `Ada ${name}`, legacyPreference: "family" }, owner.cookie)).statusCode).toBe(200);
    await app().owner.query(`UPDATE profiles SET birthday = '1960-06-14' WHERE user_id = $1`, [owner.id]);
    const add = async (content: string, extra: Record<string, unknown> = {}) => {
      const r = await send(app(), "POST", "/api/memories", { content, emotion: "Love", category: "family", visibility: "family", ...extra }, owner.cookie);
      expect(r.statusCode, r.body).toBe(201);
      return r.json().memory.id as string;
    };
    const release = () =>
      app().owner.query(
        `INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now()) ON CONFLICT (user_id) DO UPDATE SET state = 'released', released_at = now(), pending_since = NULL, pending_reason = NULL, veto_until = NULL`,
        [owner.id],
      );
    return { owner, contact: contacts[0]!, executor: contacts[1]!, add, release };
  }
  return { familyPrompt, read, hear, hearMemorial, settle, owner };
}
