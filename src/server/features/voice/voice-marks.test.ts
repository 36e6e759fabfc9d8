import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { audioMarkMessages, audioMarkResponseSchema, markCertificateResponseSchema } from "../../../contract/audio-mark";
import { createTestApp, get, newUser, ORIGIN, send, type TestApp } from "../../test/harness";
import { startFakeElevenLabs, type FakeElevenLabs } from "../../test/fake-elevenlabs";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { postFile } from "../../test/multipart";
import { mark } from "../../platform/audio/provenance-mark";
import { encodeWav } from "../../providers/voice/wav";
import { readyClone as readyCloneAt, recordConsent, recordSessions, runDueJobs, speechFixture } from "./test-helpers";

// Issue 33, "Every synthetic voice is marked" (decision 0030): every file a clone speaks carries the IPTC digital source
// type trainedAlgorithmicMedia in XMP, read back here by an independent reader (exiftool), and the verify endpoint
// says what a file is without keeping it. Issue 43 (decision 0047): beside it, a C2PA manifest signed by the
// installation, and the verdict says who stands behind a mark: this installation, another signer, nobody, no mark.
vi.setConfig({ testTimeout: 120_000 });
const TRAINED = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";
const KEY = "sk_test_elevenlabs_key_0123456789";
let local: TestApp;
let eleven: TestApp;
let fake: FakeElevenLabs;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-marks-"));
beforeAll(async () => {
  fake = await startFakeElevenLabs(KEY);
  [local, eleven] = await Promise.all([
    createTestApp(),
    createTestApp({ VOICE_PROVIDER: "elevenlabs", ELEVENLABS_API_KEY: KEY, ELEVENLABS_BASE_URL: fake.baseUrl, ELEVENLABS_TIMEOUT_MS: "5000" }),
  ]);
});
afterAll(async () => {
  await Promise.all([local?.close(), eleven?.close()]);
  await fake?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What exiftool (Debian's libimage-exiftool-perl) reads from the bytes, written to a file as a download would be. */
function exiftool(bytes: Buffer, name: string): Record<string, unknown> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return (JSON.parse(execFileSync("exiftool", ["-json", "-G1", file], { encoding: "utf8" })) as Record<string, unknown>[])[0]!;
}

const readyClone = (t: TestApp, email: string, firstName: string | null) => readyCloneAt(t, email, firstName);

const verify = (t: TestApp, cookie: string | undefined, bytes: Buffer, name = "speech.wav") =>
  postFile(t, cookie, "/api/voice/verify", bytes, { field: "audio", filename: name, contentType: "application/octet-stream" });
const today = () => new Date().toISOString().slice(0, 10);

describe("every synthetic voice is marked", () => {
  it("the offline engine's WAV carries the mark exiftool reads, with whose voice and when; the person's own recording does not", async () => {
    const nell = await readyClone(local, "marks.nell@example.com", "Nell");
    const spoken = await send(local, "POST", "/api/voice/speech", { text: "The Marigold was my grandfather's boat.", voiceId: nell.voiceId }, nell.cookie);
    expect(spoken.statusCode).toBe(200);
    expect(spoken.headers["content-type"]).toBe("audio/wav");
    const tags = exiftool(spoken.rawPayload, "local.wav");
    expect(tags).toMatchObject({
      "File:FileType": "WAV",
      "XMP-iptcExt:DigitalSourceType": TRAINED,
      "XMP-mindprint:VoiceOf": "Nell",
      "XMP-mindprint:VoiceLabel": "My voice",
      "XMP-mindprint:MadeBy": "Mindprint",
      "XMP-mindprint:Engine": "local",
      "XMP-xmp:CreatorTool": "Mindprint AI voice (local engine)",
    });
    expect(String(tags["XMP-xmp:CreateDate"])).toContain(today().replace(/-/g, ":"));
    expect(tags["RIFF:Encoding"]).toBe("Microsoft PCM"); // still a playable WAV
    const verifyAudio = (dataDir: string) =>
      execFileSync("node_modules/node/bin/node", ["--import", "tsx", "scripts/verify-audio.ts", path.join(dir, "local.wav")], { encoding: "utf8", env: { ...process.env, DATA_DIR: dataDir } }).trim();
    expect(verifyAudio(local.ctx.config.DATA_DIR)).toBe(`Signed by this Mindprint installation: AI-generated speech, the AI voice of "Nell" (the name stated in their recorded consent), labelled "My voice" by its owner, made on ${today()}.`);
    // Another installation (another data directory, so another key) sees a valid signature that is not its own.
    expect(verifyAudio(eleven.ctx.config.DATA_DIR)).toMatch(/^Signed by another signer, "Mindprint AI voice [0-9a-f]{12}, Mindprint", not this installation\. It says: AI-generated speech, the AI voice of "Nell" \(the name stated in their recorded consent\), labelled "My voice" by its owner, made on \d{4}-\d\d-\d\d\.$/);

    // What the person recorded is theirs, byte for byte: no mark on a real recording.
    const [session] = (await get(local, "/api/voice/sessions", nell.cookie)).json().sessions;
    const recording = await get(local, `/api/voice/sessions/${session.id}/audio`, nell.cookie);
    expect(recording.rawPayload.equals(speechFixture)).toBe(true);
  });

  it("a person with no name is marked as the account's owner, never by their address", async () => {
    const unnamed = await readyClone(local, "marks.unnamed@example.com", null);
    const spoken = await send(local, "POST", "/api/voice/speech", { text: "Hello there.", voiceId: unnamed.voiceId }, unnamed.cookie);
    expect(spoken.statusCode).toBe(200);
    expect(exiftool(spoken.rawPayload, "unnamed.wav")["XMP-mindprint:VoiceOf"]).toBe("this account's owner");
    expect(spoken.rawPayload.includes("marks.unnamed@example.com")).toBe(false);
  });

  it("the owner's voice speaking to a contact after release is marked with the owner's name", async () => {
    const { owner, contacts } = await ownerWithContacts(local, "marks.grandpa", ["contact"]);
    const contact = contacts[0]!;
    await recordConsent(local, owner.cookie, "contacts-after-release");
    await recordSessions(local, owner.cookie, 14);
    expect((await send(local, "POST", "/api/voice/profiles", { name: "My voice" }, owner.cookie)).statusCode).toBe(201);
    await runDueJobs(local);
    await local.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')`, [owner.id]);
    const boat = await send(local, "POST", "/api/memories", { content: "My grandfather's boat was called the Marigold.", emotion: "Nostalgia", category: "family", visibility: "family" }, owner.cookie);
    const [visitor] = (await local.owner.query(`SELECT contact_user_id FROM legacy_contacts WHERE id = $1`, [contact.contactId])).rows;
    const [answer] = (
      await local.owner.query(
        `INSERT INTO legacy_visitor_messages (user_id, owner_id, owner_name, message_type, prompt, response, lineage, kind) VALUES ($1, $2, 'Grandpa', 'ai', 'A question', $3, $4, 'answer') RETURNING id`,
        [visitor.contact_user_id, owner.id, "My grandfather's boat was called the Marigold.", JSON.stringify({ memoryIds: [boat.json().memory.id], calibrationIds: [], traits: [], provider: "local", retrievalMs: 1, generationMs: 1 })],
      )
    ).rows;
    const spoken = await send(local, "POST", `/api/legacy/named-me/${contact.contactId}/twin/speech`, { messageId: answer.id }, contact.cookie);
    expect(spoken.statusCode, spoken.body).toBe(200);
    const tags = exiftool(spoken.rawPayload, "visitor.wav");
    expect(tags["XMP-iptcExt:DigitalSourceType"]).toBe(TRAINED);
    // The name the owner stated in their consent; with no name given, the account's owner, never their address.
    expect(tags["XMP-mindprint:VoiceOf"]).toBe("this account's owner");
    expect(spoken.rawPayload.includes("marks.grandpa@example.com")).toBe(false);
  });

  it("signs the name stated in the consent, not a later rename, and quotes the voice's own name as the owner's label (issue 57)", async () => {
    const victor = await readyClone(local, "marks.victor@example.com", "Victor");
    // Renamed after the consent, and the clone named like someone else: neither is signed as whose voice it is.
    expect((await send(local, "PUT", "/api/profile/identity", { firstName: "Taylor Swift (official)", legacyPreference: "family" }, victor.cookie)).statusCode).toBe(200);
    await local.owner.query(`UPDATE voice_profiles SET voice_name = 'Taylor Swift (official)' WHERE user_id = $1`, [victor.id]);
    const spoken = await send(local, "POST", "/api/voice/speech", { text: "Hello, this is a test.", voiceId: victor.voiceId }, victor.cookie);
    expect(spoken.statusCode).toBe(200);
    const verdict = (await verify(local, victor.cookie, spoken.rawPayload)).json();
    expect(verdict).toMatchObject({ signature: "this_installation", about: "Victor", label: "Taylor Swift (official)" });
    expect(verdict.summary).toBe(
      `Signed by this Mindprint installation: AI-generated speech, the AI voice of "Victor" (the name stated in their recorded consent), labelled "Taylor Swift (official)" by its owner, made on ${today()}.`,
    );
  });

  it("ElevenLabs' MP3 (the stand-in) carries the mark in its ID3 tag, as XMP and as a text frame", async () => {
    const ada = await readyClone(eleven, "marks.ada@example.com", "Ada");
    const spoken = await send(eleven, "POST", "/api/voice/speech", { text: "Good morning, love.", voiceId: ada.voiceId }, ada.cookie);
    expect(spoken.statusCode).toBe(200);
    expect(spoken.headers["content-type"]).toBe("audio/mpeg");
    expect(spoken.rawPayload.toString("latin1", 0, 3)).toBe("ID3");
    const tags = exiftool(spoken.rawPayload, "eleven.mp3");
    expect(tags).toMatchObject({
      "File:FileType": "MP3",
      "XMP-iptcExt:DigitalSourceType": TRAINED,
      "XMP-mindprint:VoiceOf": "Ada",
      "XMP-mindprint:Engine": "elevenlabs",
      "ID3v2_4:UserDefinedText": `(DigitalSourceType) ${TRAINED}`,
    });
    expect(tags["MPEG:AudioLayer"]).toBe(3); // the vendor's audio follows the tag untouched
    // and the C2PA manifest in the same tag is signed by this installation
    expect((await verify(eleven, ada.cookie, spoken.rawPayload, "eleven.mp3")).json()).toMatchObject({ signature: "this_installation", about: "Ada", engine: "elevenlabs", format: "mp3" });
  });
});

describe("POST /api/voice/verify", () => {
  it("answers what a file is for anyone signed in (another person's file too) and stores nothing", async () => {
    const owner = await readyClone(local, "marks.verify.owner@example.com", "Nell");
    const spoken = await send(local, "POST", "/api/voice/speech", { text: "Hello from the twin.", voiceId: owner.voiceId }, owner.cookie);
    const stranger = await newUser(local, "marks.verify.stranger@example.com");
    const before = (await local.owner.query(`SELECT (SELECT count(*) FROM voice_sessions) AS sessions, (SELECT count(*) FROM jobs) AS jobs`)).rows[0];

    const marked = await verify(local, stranger.cookie, spoken.rawPayload);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(audioMarkResponseSchema.parse(marked.json())).toMatchObject({
      signature: "this_installation",
      signedBy: expect.stringMatching(/^Mindprint AI voice [0-9a-f]{12}, Mindprint$/),
      problems: [],
      marked: true,
      aiGenerated: true,
      sourceType: TRAINED,
      about: "Nell",
      label: "My voice",
      engine: "local",
      format: "wav",
      summary: `Signed by this Mindprint installation: AI-generated speech, the AI voice of "Nell" (the name stated in their recorded consent), labelled "My voice" by its owner, made on ${today()}.`,
    });
    // Signed by another installation: the signature holds, but it is not ours.
    const elsewhereUser = await newUser(eleven, "marks.verify.elsewhere@example.com");
    const elsewhere = await verify(eleven, elsewhereUser.cookie, spoken.rawPayload);
    expect(elsewhere.json()).toMatchObject({ signature: "another", about: "Nell", summary: expect.stringMatching(/^Signed by another signer, "Mindprint AI voice [0-9a-f]{12}, Mindprint", not this installation\./) });

    // The forgery of issue 43: our own IPTC function with a made-up name, no signature. It is said to be unsigned, and
    // the name is quoted as the file's text, whatever it claims.
    const forged = mark(encodeWav(Int16Array.from({ length: 8000 }, (_, i) => Math.round(5000 * Math.sin(i / 9))), 16000), "wav", { who: "Barack Obama (real recording, not AI)", madeAt: new Date(), engine: "local" });
    expect((await verify(local, stranger.cookie, Buffer.from(forged))).json()).toMatchObject({
      signature: "unsigned",
      signedBy: null,
      about: "Barack Obama (real recording, not AI)",
      summary: `A mark that is not signed: anyone could have written this. It says: AI-generated speech, the AI voice of "Barack Obama (real recording, not AI)" (the name stated in their recorded consent), made on ${today()}, by "Mindprint".`,
    });
    // Our signed file with the name in its IPTC mark rewritten: the signature no longer holds, so nobody vouches for it.
    const renamed = Buffer.from(spoken.rawPayload);
    renamed.write("Bill", renamed.indexOf("<mindprint:VoiceOf>") + "<mindprint:VoiceOf>".length, "latin1");
    expect((await verify(local, stranger.cookie, renamed)).json()).toMatchObject({
      signature: "unsigned",
      problems: ["assertion.dataHash.mismatch"],
      about: "Bill",
      summary: expect.stringMatching(/^A mark whose signature does not hold over this file \(assertion\.dataHash\.mismatch\): anyone could have written this\. It says: AI-generated speech, the AI voice of "Bill"/),
    });
    // An unmarked WAV (the sound with both marks cut out) and an unmarked MP3: "No AI mark."
    const bare = Buffer.from(spoken.rawPayload);
    bare.write("JUNK", bare.indexOf("_PMX"), "latin1");
    bare.write("JUNK", bare.lastIndexOf("C2PA"), "latin1");
    expect((await verify(local, stranger.cookie, bare)).json()).toMatchObject({ signature: "none", marked: false, aiGenerated: false, format: "wav", summary: "No AI mark." });
    const mp3 = await verify(local, stranger.cookie, Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413, 0x55)]), "x.mp3");
    expect(mp3.json()).toMatchObject({ signature: "none", marked: false, format: "mp3", summary: "No AI mark." });

    const after = (await local.owner.query(`SELECT (SELECT count(*) FROM voice_sessions) AS sessions, (SELECT count(*) FROM jobs) AS jobs`)).rows[0];
    expect(after).toEqual(before);
    const storage = path.join(local.ctx.config.DATA_DIR, "storage");
    expect(fs.existsSync(path.join(storage, owner.id))).toBe(true); // where an upload would have gone
    expect(fs.existsSync(path.join(storage, stranger.id))).toBe(false);
  });

  it("the certificate the marks chain to is public (the Trust page shows it), the same every time, and is what signed the speech", async () => {
    const certificate = await get(local, "/api/voice/mark-certificate", undefined);
    expect(certificate.statusCode).toBe(200);
    const body = markCertificateResponseSchema.parse(certificate.json());
    expect(body.pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----\n$/);
    expect(body.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(body.subject).toMatch(/^CN=Mindprint installation [0-9a-f]{12}, O=Mindprint$/);
    expect(Date.parse(body.validUntil)).toBeGreaterThan(Date.now() + 5 * 365 * 24 * 3600 * 1000);
    expect((await get(local, "/api/voice/mark-certificate", undefined)).json()).toEqual(body);
    expect((await get(eleven, "/api/voice/mark-certificate", undefined)).json().fingerprint).not.toBe(body.fingerprint);
    // The key is kept in the data directory, readable by the server's user only.
    const file = path.join(local.ctx.config.dataDir, "voice-mark-signer.pem");
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(fs.readFileSync(file, "utf8")).toContain(body.pem.trim());
  });

  it("refuses what is not one WAV or MP3 with a 400 in the envelope, and a caller not signed in with a 401", async () => {
    const person = await newUser(local, "marks.verify.bad@example.com");
    const notAudio = await verify(local, person.cookie, Buffer.from("just some text, not a sound"), "notes.txt");
    expect(notAudio.statusCode).toBe(400);
    expect(notAudio.json().error).toMatchObject({ code: "validation_failed", message: audioMarkMessages.notAudio });
    const webm = await verify(local, person.cookie, speechFixture, "recording.webm");
    expect(webm.statusCode).toBe(400);

    const json = await send(local, "POST", "/api/voice/verify", { audio: "UklGRg==" }, person.cookie);
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe("validation_failed");
    const wrongField = await postFile(local, person.cookie, "/api/voice/verify", speechFixture, { field: "file", filename: "a.wav", contentType: "audio/wav" });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toMatchObject({ code: "validation_failed", message: audioMarkMessages.fileRequired });

    const boundary = "----mindprintTwoFiles";
    const file = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF\r\n`;
    const two = await local.app.inject({
      method: "POST",
      url: "/api/voice/verify",
      payload: `${file("audio")}${file("audio")}--${boundary}--\r\n`,
      headers: { origin: ORIGIN, cookie: person.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.code).toBe("validation_failed");

    const anonymous = await verify(local, undefined, speechFixture);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBeDefined();
  });
});
