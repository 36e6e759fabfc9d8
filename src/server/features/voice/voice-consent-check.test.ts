import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { voiceConsentMessages } from "../../../contract";
import { createTestApp, newUser, send, type TestApp } from "../../test/harness";
import { pocketsphinxInstalled } from "../../providers/transcription/pocketsphinx";
import { isStatementHeard, statementPhrases } from "./consent-check";
import { spokenNumber } from "./spoken-number";
import { repeatedWebm } from "../../test/repeated-webm";
import { consentFixture, uploadConsent } from "./test-helpers";

// The consent recording is checked against its statement by the offline recogniser (issue 33, decision 0031).
vi.setConfig({ testTimeout: 180_000 });

/** Marguerite reading her "only me" statement of 26 November 2026 (espeak-ng, scripts/make-audio-fixtures.ts). */
const FIXTURE_DAY = "2026-11-26";
const statementFixture = fs.readFileSync(path.join(import.meta.dirname, "../../platform/audio/fixtures/consent-statement-2026-11-26.webm"));
const rowsOf = async (t: TestApp, table: string, userId: string) => (await t.owner.query(`SELECT * FROM ${table} WHERE user_id = $1`, [userId])).rows;

/** A person named Marguerite, on an app whose clock says it is the fixture's day. */
async function marguerite(t: TestApp, email: string) {
  t.ctx.clock.advance(Date.parse(`${FIXTURE_DAY}T12:00:00Z`) - t.ctx.clock.now().getTime());
  const person = await newUser(t, email);
  expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Marguerite", birthday: null, legacyPreference: "family" }, person.cookie)).statusCode).toBe(200);
  return person;
}

describe("the statement's phrases", () => {
  const knows = async (word: string) => word !== "marguerite";
  it("reads numbers as a date is read and skips words the recogniser does not know", async () => {
    expect([26, 2026, 2005, 1999, 11].map(spokenNumber)).toEqual(["twenty six", "twenty twenty six", "two thousand five", "nineteen ninety nine", "eleven"]);
    const phrases = await statementPhrases({ name: "Marguerite", day: FIXTURE_DAY, scope: "only-me" }, knows);
    expect(phrases.all).toContain("is twenty six");
    expect(phrases.all).toContain("read my twins");
    expect(phrases.all.some((p) => p.includes("marguerite"))).toBe(false);
    expect(phrases.name.size).toBe(0);
    expect([...phrases.date]).toEqual(expect.arrayContaining(["twenty six november", "november twenty twenty"]));
    expect([...phrases.scope]).toEqual(expect.arrayContaining(["only i may", "after my death"]));
    expect(phrases.scope.has("i may hear")).toBe(false); // the other scopes say it too
  });

  it("needs a share of the phrases and one of the scope's own", async () => {
    const phrases = await statementPhrases({ name: "Ann", day: FIXTURE_DAY, scope: "public-memorial" }, knows);
    expect([...phrases.name]).toEqual(["i am ann"]);
    const shared = phrases.all.filter((p) => !phrases.scope.has(p));
    const enough = Math.ceil(phrases.all.length * 0.15);
    const scopePhrase = [...phrases.scope][0]!;
    expect(isStatementHeard(phrases, new Set(shared))).toBe(false); // everything but what this scope alone says
    expect(isStatementHeard(phrases, new Set([...shared.slice(0, enough - 1), scopePhrase]))).toBe(true);
    expect(isStatementHeard(phrases, new Set([...shared.slice(0, enough - 2), scopePhrase]))).toBe(false);
  });
});

describe.runIf(pocketsphinxInstalled())("a consent recording checked by PocketSphinx", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VOICE_CONSENT_CHECK: "pocketsphinx" });
  });
  afterAll(() => t.close());

  it("accepts the statement read aloud, and says how much of it was heard", async () => {
    const { cookie } = await marguerite(t, "check.heard@example.com");
    const started = performance.now();
    const response = await uploadConsent(t, cookie, statementFixture, "only-me", FIXTURE_DAY);
    expect(response.statusCode, response.body).toBe(201);
    const { consent } = response.json();
    expect(consent).toMatchObject({ check: "heard", scope: "only-me" });
    expect(consent.phrasesHeard / consent.phrasesListened).toBeGreaterThanOrEqual(0.15);
    console.log(`statement read aloud: heard ${consent.phrasesHeard} of ${consent.phrasesListened} phrases, ${Math.round(performance.now() - started)} ms`);
  });

  it("refuses other speech with what to do, and keeps nothing", async () => {
    const { cookie, id } = await marguerite(t, "check.other@example.com");
    // 10.5 s of consent-like words ("I agree to Mindprint recording my voice … withdraw this consent at any time").
    const response = await uploadConsent(t, cookie, consentFixture, "only-me", FIXTURE_DAY);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "validation_failed", message: expect.stringContaining(voiceConsentMessages.notHeardStart) });
    expect(await rowsOf(t, "voice_sessions", id)).toEqual([]);
    expect(await rowsOf(t, "voice_consents", id)).toEqual([]);
  });

  it("refuses the statement read for another person", async () => {
    const person = await newUser(t, "check.someone.else@example.com");
    await send(t, "PUT", "/api/profile/identity", { firstName: "Bartholomew", birthday: null, legacyPreference: "family" }, person.cookie);
    const response = await uploadConsent(t, person.cookie, statementFixture, "public-memorial", FIXTURE_DAY);
    // Another name and scope: what is left in common is the boilerplate, which is not enough.
    expect(response.json().error?.message, response.body).toContain(voiceConsentMessages.notHeardStart);
    expect(await rowsOf(t, "voice_consents", person.id)).toEqual([]);
  });
});

// Issue 46: the default listener, Whisper's words aligned with the statement (consent-words.ts).
describe("a consent recording checked by Whisper's words", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VOICE_CONSENT_CHECK: "auto" });
  });
  afterAll(() => t.close());

  it("accepts the statement read aloud, and says how many of its words were heard in order", async () => {
    const { cookie } = await marguerite(t, "words.heard@example.com");
    const response = await uploadConsent(t, cookie, statementFixture, "only-me", FIXTURE_DAY);
    expect(response.statusCode, response.body).toBe(201);
    const { consent } = response.json();
    expect(consent).toMatchObject({ check: "heard", scope: "only-me" });
    expect(consent.phrasesHeard / consent.phrasesListened).toBeGreaterThanOrEqual(0.7);
  });

  it("refuses other speech, the statement of another scope and the statement of another person, keeping nothing", async () => {
    const { cookie, id } = await marguerite(t, "words.other@example.com");
    for (const [fixture, scope] of [
      [consentFixture, "only-me"],
      [statementFixture, "public-memorial"],
    ] as const) {
      const response = await uploadConsent(t, cookie, fixture, scope, FIXTURE_DAY);
      expect(response.json().error, response.body).toMatchObject({ code: "validation_failed", message: expect.stringContaining(voiceConsentMessages.notHeardStart) });
    }
    expect(await rowsOf(t, "voice_sessions", id)).toEqual([]);
    const person = await newUser(t, "words.someone.else@example.com");
    await send(t, "PUT", "/api/profile/identity", { firstName: "Bartholomew", birthday: null, legacyPreference: "family" }, person.cookie);
    expect((await uploadConsent(t, person.cookie, statementFixture, "only-me", FIXTURE_DAY)).json().error?.message).toContain(voiceConsentMessages.notHeardStart);
    expect(await rowsOf(t, "voice_consents", person.id)).toEqual([]);
  });
});

describe("consent hearings under load (issue 57, SECURITY.md 53)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VOICE_CONSENT_CHECK: "auto" });
  });
  afterAll(() => t.close());

  it("refuses a reading longer than the statement could take once two minutes are decoded, keeping nothing", async () => {
    const { cookie, id } = await marguerite(t, "load.long@example.com");
    const started = performance.now();
    const response = await uploadConsent(t, cookie, repeatedWebm(15 * 60), "only-me", FIXTURE_DAY);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "validation_failed", message: voiceConsentMessages.tooLong });
    expect(await rowsOf(t, "voice_sessions", id)).toEqual([]);
    console.log(`15 minutes of consent refused in ${Math.round(performance.now() - started)} ms`);
  });

  it("hears one reading at a time per person: three at once from one account get one hearing and two 429s; another person's waits its turn", async () => {
    const one = await marguerite(t, "load.one@example.com");
    const other = await marguerite(t, "load.other@example.com");
    const answers = await Promise.all([
      ...[0, 1, 2].map(() => uploadConsent(t, one.cookie, statementFixture, "only-me", FIXTURE_DAY)),
      uploadConsent(t, other.cookie, statementFixture, "only-me", FIXTURE_DAY),
    ]);
    const mine = answers.slice(0, 3);
    expect(mine.map((a) => a.statusCode).sort()).toEqual([201, 429, 429]);
    for (const busy of mine.filter((a) => a.statusCode === 429)) expect(busy.json().error.message).toBe(voiceConsentMessages.checkBusyPerson);
    expect(answers[3]!.statusCode, answers[3]!.body).toBe(201);
    expect(await rowsOf(t, "voice_consents", one.id)).toHaveLength(1);
  });
});

describe("a consent recording where no recogniser is set up", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VOICE_CONSENT_CHECK: "off" });
  });
  afterAll(() => t.close());

  it("is accepted and marked not checked", async () => {
    const { cookie, id } = await newUser(t, "check.none@example.com");
    const response = await uploadConsent(t, cookie, consentFixture, "only-me");
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().consent).toMatchObject({ check: "not-checked", phrasesHeard: null, phrasesListened: null });
    expect((await rowsOf(t, "voice_consents", id))[0]).toMatchObject({ check_result: "not-checked" });
  });
});
