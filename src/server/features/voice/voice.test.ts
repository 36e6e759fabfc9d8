import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { voiceMessages, voiceSessionsResponseSchema } from "../../../contract";
import { createTestApp, get, newUser, ORIGIN, type TestApp } from "../../test/harness";

import { speechFixture, uploadRecording } from "./test-helpers";

const fixture = speechFixture;

let t: TestApp;
beforeAll(async () => {
  // Small limits so the size and quota rules can be reached with a 68 KB recording.
  t = await createTestApp({ VOICE_MAX_UPLOAD_MB: "0.05", VOICE_QUOTA_MB: "0.05" });
});
afterAll(() => t.close());

const upload = (cookie: string | undefined, bytes: Buffer, field = "audio") => uploadRecording(t, cookie, bytes, field);

const storageDir = () => path.join(t.ctx.config.dataDir, "storage");
const storedFiles = (userId: string) => (fs.existsSync(path.join(storageDir(), userId)) ? fs.readdirSync(path.join(storageDir(), userId)) : []);
const tmpFiles = () => (fs.existsSync(path.join(storageDir(), "tmp")) ? fs.readdirSync(path.join(storageDir(), "tmp")) : []);

describe("voice session upload", () => {
  it("stores a WebM/Opus recording under {userId}/voice_{uuid}.webm with its true duration and measured quality, then the row", async () => {
    const { cookie, id } = await newUser(t, "voice.upload@example.com");
    const response = await upload(cookie, fixture);
    expect(response.statusCode).toBe(201);
    const { session } = response.json();
    expect(session.durationSeconds).toBeCloseTo(4.5, 1);
    expect(session.fileSize).toBe(fixture.length);
    expect(session.filename).toMatch(/^voice_[0-9a-f-]{36}\.webm$/);
    expect(["Excellent", "Good", "Fair", "Poor"]).toContain(session.quality.label);
    expect(storedFiles(id)).toEqual([session.filename]);
    expect(fs.readFileSync(path.join(storageDir(), id, session.filename)).equals(fixture)).toBe(true);
    const row = await t.owner.query(`SELECT storage_key, duration_seconds FROM voice_sessions WHERE id = $1`, [session.id]);
    expect(row.rows[0].storage_key).toBe(`${id}/${session.filename}`);
    expect(tmpFiles()).toEqual([]);

    const list = voiceSessionsResponseSchema.parse((await get(t, "/api/voice/sessions", cookie)).json());
    expect(list.totals).toMatchObject({ sessions: 1, hours: 0, megabytes: Math.round(fixture.length / 100_000) / 10 });
    expect(list.totals.seconds).toBeCloseTo(4.5, 1);
  });

  it("refuses a file that is not WebM, and a truncated upload, with a clear message and nothing stored", async () => {
    const { cookie, id } = await newUser(t, "voice.invalid@example.com");
    const wav = await upload(cookie, Buffer.concat([Buffer.from("RIFF....WAVEfmt ", "latin1"), Buffer.alloc(2000)]));
    expect(wav.statusCode).toBe(422);
    expect(wav.json().error.code).toBe("voice_invalid_audio");
    expect(wav.json().error.message).toMatch(/^This is not a WebM\/Opus recording \(not a WebM file\)/);
    const truncated = await upload(cookie, fixture.subarray(0, Math.floor(fixture.length / 2) + 7));
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json().error.message).toContain("truncated upload");
    expect(storedFiles(id)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM voice_sessions WHERE user_id = $1`, [id])).rows[0].n).toBe(0);
  });

  it("enforces the size limit and the account's quota with the configured figures", async () => {
    const { cookie, id } = await newUser(t, "voice.limits@example.com");
    const big = await upload(cookie, Buffer.concat([fixture, fixture]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toEqual({ code: "voice_too_large", message: voiceMessages.tooLarge(0.05) });
    expect((await upload(cookie, fixture)).statusCode).toBe(201);
    // 31 KB stored, 50 KB allowed: a second recording would pass 50 KB.
    const over = await upload(cookie, fixture);
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({ code: "voice_quota_exceeded", message: voiceMessages.quotaExceeded(0.05) });
    expect(storedFiles(id)).toHaveLength(1);
    expect(tmpFiles()).toEqual([]);
  });

  it("needs a sign-in (the spec's message) and the audio field", async () => {
    const anonymous = await upload(undefined, fixture);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(voiceMessages.mustBeLoggedIn);
    const { cookie } = await newUser(t, "voice.field@example.com");
    const wrongField = await upload(cookie, fixture, "file");
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe(voiceMessages.fileRequired);
  });
});

describe("playback and deletion", () => {
  it("serves the recording to its owner with range requests, and deletes row and file", async () => {
    const { cookie, id } = await newUser(t, "voice.play@example.com");
    const { session } = (await upload(cookie, fixture)).json();
    const whole = await t.app.inject({ method: "GET", url: `/api/voice/sessions/${session.id}/audio`, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/webm");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers["content-disposition"]).toBe(`inline; filename="voice-session-${session.id}.webm"`);
    expect(whole.rawPayload.equals(fixture)).toBe(true);
    const part = await t.app.inject({ method: "GET", url: `/api/voice/sessions/${session.id}/audio`, headers: { cookie, range: "bytes=100-199" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${fixture.length}`);
    expect(part.rawPayload.equals(fixture.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ method: "GET", url: `/api/voice/sessions/${session.id}/audio`, headers: { cookie, range: "bytes=-10" } });
    expect(tail.rawPayload.equals(fixture.subarray(fixture.length - 10))).toBe(true);
    const beyond = await t.app.inject({ method: "GET", url: `/api/voice/sessions/${session.id}/audio`, headers: { cookie, range: `bytes=${fixture.length + 5}-` } });
    expect(beyond.statusCode).toBe(416);

    const deleted = await t.app.inject({ method: "DELETE", url: `/api/voice/sessions/${session.id}`, headers: { cookie, origin: ORIGIN } });
    expect(deleted.statusCode).toBe(200);
    expect(storedFiles(id)).toEqual([]);
    expect((await get(t, `/api/voice/sessions/${session.id}/audio`, cookie)).statusCode).toBe(404);
  });

  it("nobody else can list, play or delete a person's sessions (404 for their ids)", async () => {
    const owner = await newUser(t, "voice.owner@example.com");
    const other = await newUser(t, "voice.other@example.com");
    const { session } = (await upload(owner.cookie, fixture)).json();
    expect(voiceSessionsResponseSchema.parse((await get(t, "/api/voice/sessions", other.cookie)).json()).sessions).toEqual([]);
    const play = await get(t, `/api/voice/sessions/${session.id}/audio`, other.cookie);
    expect(play.statusCode).toBe(404);
    expect(play.json().error.code).toBe("voice_session_not_found");
    const remove = await t.app.inject({ method: "DELETE", url: `/api/voice/sessions/${session.id}`, headers: { cookie: other.cookie, origin: ORIGIN } });
    expect(remove.statusCode).toBe(404);
    expect(storedFiles(owner.id)).toEqual([session.filename]);
    expect((await get(t, `/api/voice/sessions/not-a-uuid/audio`, other.cookie)).statusCode).toBe(404);
  });

  it("the recordings download as one tar archive holding each file byte for byte", async () => {
    const { cookie } = await newUser(t, "voice.archive@example.com");
    const { session } = (await upload(cookie, fixture)).json();
    const response = await t.app.inject({ method: "GET", url: "/api/export/voice-recordings", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/x-tar");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="voice-recordings-\d{4}-\d{2}-\d{2}\.tar"$/);
    const tar = response.rawPayload;
    const header = tar.subarray(0, 512);
    expect(header.toString("utf8", 0, 100).replace(/\0+$/, "")).toBe(`voice-recordings/${session.filename}`);
    expect(Number.parseInt(header.toString("ascii", 124, 135), 8)).toBe(fixture.length);
    expect(header.toString("ascii", 257, 262)).toBe("ustar");
    // The checksum: the header's bytes summed with the checksum field read as spaces.
    const sum = [...header].reduce((n, byte, i) => n + (i >= 148 && i < 156 ? 32 : byte), 0);
    expect(Number.parseInt(header.toString("ascii", 148, 154), 8)).toBe(sum);
    expect(tar.subarray(512, 512 + fixture.length).equals(fixture)).toBe(true);
    const padded = 512 + Math.ceil(fixture.length / 512) * 512;
    expect(tar.length).toBe(padded + 1024);
    expect(tar.subarray(padded).every((byte) => byte === 0)).toBe(true);
  });

  it("deleting the account removes the person's recordings from storage too", async () => {
    const { cookie, id } = await newUser(t, "voice.leaving@example.com");
    expect((await upload(cookie, fixture)).statusCode).toBe(201);
    expect(storedFiles(id)).toHaveLength(1);
    const response = await t.app.inject({ method: "DELETE", url: "/api/account", payload: { confirmation: "DELETE" }, headers: { cookie, origin: ORIGIN } });
    expect(response.statusCode).toBe(200);
    expect(fs.existsSync(path.join(storageDir(), id))).toBe(false);
  });
});
