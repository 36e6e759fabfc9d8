import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consciousnessExportSchema, encryptedExportSchema, exportMessages, importResponseSchema, type ConsciousnessExport } from "../../../contract";
import { createTestApp, get, send, signIn, type TestApp } from "../../test/harness";
import { fillAccount, userIdOf } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSPHRASE = "correct horse battery staple";

const plainExport = async (cookie: string) => (await get(t, "/api/export/consciousness", cookie)).body;
const encryptedExport = async (cookie: string, passphrase = PASSPHRASE) => {
  const response = await send(t, "POST", "/api/export/consciousness/encrypted", { passphrase }, cookie);
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-disposition"]).toMatch(/filename="consciousness-export-\d{4}-\d{2}-\d{2}\.encrypted\.json"/);
  return response.body;
};
const importFile = (cookie: string, file: string, passphrase?: string) => send(t, "POST", "/api/import", passphrase === undefined ? { file } : { file, passphrase }, cookie);

/** The export with everything that legitimately differs between two accounts taken out: ids, dates of export, e-mail. */
function comparable(file: ConsciousnessExport) {
  const memoryIndex = new Map(file.memories.data.map((m, i) => [m.id, i]));
  return {
    profile: { ...file.profile, email: undefined, createdAt: undefined },
    consciousness: file.consciousness,
    personality: file.personality,
    reflection: file.reflection,
    calibrationAnswers: file.calibrationAnswers.data.map(({ id: _id, ...rest }) => rest),
    conversations: file.conversations.data.map(({ id: _id, lineage, ...rest }) => ({
      ...rest,
      lineage: lineage ? { ...lineage, memoryIds: (lineage.memoryIds as string[]).map((id) => memoryIndex.get(id)) } : null,
    })),
    memories: file.memories.data.map(({ id: _id, ...rest }) => rest),
    legacyContacts: file.legacyContacts,
    // The memorial's address belongs to the server it was chosen on: an import does not restore it.
    legacySettings: file.legacySettings ? { ...file.legacySettings, memorialSlug: undefined } : null,
    personalityAttempts: file.personalityAttempts,
    scenarioAnswers: file.scenarioAnswers,
  };
}

async function ownRowCounts(userId: string) {
  const counts: Record<string, number> = {};
  for (const table of ["memories", "memory_versions", "digital_twin_validation_feedback", "ai_reflections", "twin_conversations"]) {
    counts[table] = (await t.owner.query(`SELECT count(*)::int AS n FROM "${table}" WHERE user_id = $1`, [userId])).rows[0].n;
  }
  return counts;
}

describe("import", () => {
  let source: string;
  let original: ConsciousnessExport;
  beforeAll(async () => {
    const { cookie } = await fillAccount(t, "source.person@example.com");
    source = cookie;
    original = consciousnessExportSchema.parse(JSON.parse(await plainExport(cookie)));
  });

  it("restores a plain export into an empty account: exporting again gives identical data", async () => {
    const cookie = await signIn(t, "plain.restore@example.com");
    // Opening the dashboard reads the legacy release (as the Data Export page does) before the file arrives.
    expect((await get(t, "/api/legacy/release", cookie)).statusCode).toBe(200);
    const response = await importFile(cookie, await plainExport(source));
    expect(response.statusCode).toBe(200);
    expect(importResponseSchema.parse(response.json())).toEqual({
      imported: { memories: 3, memoryVersions: 4, calibrationAnswers: 2, conversations: 2, reflection: true, personalityAttempts: 2, scenarioAnswers: 2, biometricSources: 1, people: 1 },
      notRestored: { voiceSessions: 2, voiceProfiles: 1, voiceConsents: 0, legacyConversations: 0 },
    });
    const restored = consciousnessExportSchema.parse(JSON.parse(await plainExport(cookie)));
    // Voice rows are not restored (their audio is not in the file), which also changes the voice part of completeness.
    const withoutVoice = (f: ConsciousnessExport) => ({ ...comparable(f), consciousness: { ...f.consciousness, completeness: undefined } });
    expect(withoutVoice(restored)).toEqual(withoutVoice(original));
    // Audiences and seals are part of that: the file carries them, and the restored memories have them.
    expect(original.memories.data.find((m) => m.seal)).toMatchObject({ visibility: "twin-only", seal: { kind: "daysAfterRelease", days: 90 } });
    // So is when each version of a memory happened.
    expect(restored.memories.data.find((m) => m.happenedOn)).toMatchObject({ happenedOn: "1958-07", versions: [{ happenedOn: "1958" }, { happenedOn: "1958-07" }] });
    expect(restored.voiceSessions.count).toBe(0);
    // The cited memory in the conversation's lineage points at the restored copy, not the source account's id.
    const cited = restored.conversations.data.find((c) => c.messageType === "ai")?.lineage?.memoryIds as string[];
    expect(restored.memories.data.map((m) => m.id)).toContain(cited[0]);
  });

  it("restores an encrypted export with the right passphrase, identically", async () => {
    const file = await encryptedExport(source);
    const envelope = encryptedExportSchema.parse(JSON.parse(file));
    expect(envelope).toMatchObject({ cipher: "aes-256-gcm", kdf: { name: "scrypt", N: 131072, r: 8, p: 1, keyLength: 32 } });
    expect(file).not.toContain("grandmother");
    const cookie = await signIn(t, "encrypted.restore@example.com");
    const response = await importFile(cookie, file, PASSPHRASE);
    expect(response.statusCode).toBe(200);
    const restored = consciousnessExportSchema.parse(JSON.parse(await plainExport(cookie)));
    expect(comparable(restored).memories).toEqual(comparable(original).memories);
    expect(comparable(restored).calibrationAnswers).toEqual(comparable(original).calibrationAnswers);
  });

  it("adds the file's questionnaires to one already taken, takes a future completion date as now, and skips a second one in progress", async () => {
    const cookie = await signIn(t, "questionnaire.merge@example.com");
    const own = (await send(t, "POST", "/api/personality/attempts", undefined, cookie)).json().attempt.id as string;
    await send(t, "PUT", `/api/personality/attempts/${own}/answers`, { answers: [{ item: 1, value: 5 }] }, cookie);
    const file = JSON.parse(await plainExport(source)) as ConsciousnessExport;
    const completed = file.personalityAttempts.data.find((a) => a.completedAt)!;
    completed.completedAt = "2099-01-01T00:00:00.000Z";
    const response = await importFile(cookie, JSON.stringify(file));
    expect(response.statusCode).toBe(200);
    // The completed one is restored; the file's questionnaire in progress is not (this account has its own).
    expect(response.json().imported.personalityAttempts).toBe(1);
    const state = (await get(t, "/api/personality", cookie)).json();
    expect(state.inProgress.id).toBe(own);
    expect(Date.parse(state.latest.completedAt)).toBeLessThanOrEqual(Date.now());
  });

  it("refuses a wrong passphrase and imports nothing", async () => {
    const file = await encryptedExport(source);
    const cookie = await signIn(t, "wrong.passphrase@example.com");
    const response = await importFile(cookie, file, "not the passphrase at all");
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({ code: "import_wrong_passphrase", message: exportMessages.wrongPassphrase });
    expect(Object.values(await ownRowCounts(await userIdOf(t, cookie))).every((n) => n === 0)).toBe(true);
  });

  it("asks for the passphrase when an encrypted file comes without one", async () => {
    const cookie = await signIn(t, "no.passphrase@example.com");
    const response = await importFile(cookie, await encryptedExport(source));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "validation_failed", message: exportMessages.passphraseNeeded, fields: { passphrase: exportMessages.passphraseNeeded } });
  });

  it("calls a damaged file damaged (encrypted or plain), and imports nothing", async () => {
    const encrypted = JSON.parse(await encryptedExport(source));
    const bytes = Buffer.from(encrypted.ciphertext, "base64");
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    const tampered = JSON.stringify({ ...encrypted, ciphertext: bytes.toString("base64") });
    const plain = await plainExport(source);
    const bumped = JSON.parse(plain);
    bumped.memories.count = 99;
    const cases: Array<[string, string | undefined]> = [
      [tampered, PASSPHRASE],
      [JSON.stringify({ ...encrypted, kdf: { ...encrypted.kdf, N: 2 ** 16 } }), PASSPHRASE], // parameters we never write: refused before any work
      [plain.slice(0, Math.floor(plain.length * 0.6)), undefined], // truncated download
      [JSON.stringify({ hello: "world" }), undefined],
      [JSON.stringify(bumped), undefined], // counts that do not match the data
      ["not json at all", undefined],
    ];
    const cookie = await signIn(t, "damaged.file@example.com");
    const codes = [];
    for (const [file, passphrase] of cases) {
      const response = await importFile(cookie, file, passphrase);
      codes.push(response.json().error.code);
      expect(response.statusCode).toBe(422);
    }
    expect(codes).toEqual(["import_damaged_file", "import_damaged_file", "import_damaged_file", "import_damaged_file", "import_damaged_file", "import_damaged_file"]);
    expect(Object.values(await ownRowCounts(await userIdOf(t, cookie))).every((n) => n === 0)).toBe(true);
  });

  it("refuses an account whose vault is not empty, changing nothing", async () => {
    const cookie = await signIn(t, "has.memories@example.com");
    await send(t, "POST", "/api/memories", { content: "Already here.", emotion: "Joy" }, cookie);
    const before = await ownRowCounts(await userIdOf(t, cookie));
    const response = await importFile(cookie, await plainExport(source));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: "import_account_not_empty", message: exportMessages.accountNotEmpty });
    expect(await ownRowCounts(await userIdOf(t, cookie))).toEqual(before);
  });

  it("is all or nothing: a failure on the last table leaves no memory behind", async () => {
    const cookie = await signIn(t, "half.import@example.com");
    await t.owner.query(`CREATE FUNCTION fail_import() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'simulated failure'; END $$`);
    await t.owner.query(`CREATE TRIGGER fail_import BEFORE INSERT ON twin_conversations FOR EACH ROW EXECUTE FUNCTION fail_import()`);
    try {
      const response = await importFile(cookie, await plainExport(source));
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe("internal_error");
    } finally {
      await t.owner.query(`DROP TRIGGER fail_import ON twin_conversations; DROP FUNCTION fail_import()`);
    }
    expect(Object.values(await ownRowCounts(await userIdOf(t, cookie))).every((n) => n === 0)).toBe(true);
  });

  it("validates the request: a file is required and passphrases for encryption are long enough", async () => {
    const cookie = await signIn(t, "validation.import@example.com");
    const empty = await send(t, "POST", "/api/import", { file: "" }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(exportMessages.fileRequired);
    const short = await send(t, "POST", "/api/export/consciousness/encrypted", { passphrase: "short" }, cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(exportMessages.passphraseTooShort);
  });
});
