// npm run eval:consent [-- --limit N] [--holdout] [--whisper-only] [--transcripts FILE]
// The voice consent check on many readers (issue 43): the statement as the product writes it (voiceConsentStatement),
// read by Debian's voices (scripts/transcribe-eval/read-aloud.ts: espeak-ng, flite, Festival; 110–170 words a minute),
// half of them with room noise, all through WebM/Opus as the browser sends them; and other speech by the same voices:
// another text, the statement of another scope, of another name, of another day, the statement read halfway, and the
// statement with a refusal or negation said inside it (REFUSALS: "I do not agree, I refuse, that…"). Each
// reading is judged by both designs: PocketSphinx's keyphrase spotting (consent-check.ts) and Whisper's words aligned
// with the statement (consent-words.ts). Prints each design's false rejection (statements refused) and false acceptance
// (other speech accepted), with the readings each got wrong, and, last, one JSON line for the design the product uses:
// {"false_rejection", "false_acceptance", "readings"}.
// --holdout: the held-out set, which no design was shaped on: 13 other readers (HOLDOUT_CONSENT_VOICES), other names,
// days and other text, pink noise instead of brown.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { statementDate, voiceConsentScopes, voiceConsentStatement, type VoiceConsentScope } from "../src/contract";
import { hearConsent, hearInWords, SECOND_HEARING_WINDOW_SECONDS, type StatementParts } from "../src/server/features/voice/consent-check";
import { createPocketsphinxSpotter } from "../src/server/providers/transcription/pocketsphinx-keyphrases";
import { createWhisperTranscriber } from "../src/server/providers/transcription/whisper/whisper";
import { CONSENT_VOICES, HOLDOUT_CONSENT_VOICES, readAloud } from "./transcribe-eval/read-aloud";

const args = process.argv.slice(2);
const limit = Number(args.includes("--limit") ? args[args.indexOf("--limit") + 1] : Infinity);
const holdout = args.includes("--holdout");
/** --transcripts FILE: also write each reading's Whisper transcript with what it was, to study the rule on. */
const transcriptsFile = args.includes("--transcripts") ? args[args.indexOf("--transcripts") + 1] : undefined;
const transcripts: Array<{ voice: string; noisy: boolean; kind: string; parts: StatementParts; text: string }> = [];
const VOICES = holdout ? HOLDOUT_CONSENT_VOICES : CONSENT_VOICES;
const NAMES = holdout
  ? ["Siobhan Keane", "Walter Brennan", "Chiamaka Eze", "Dmitri Volkov", "Eleanor Whitfield", "Rajesh Iyer", "Lucia Ferraro"]
  : ["Rosa Delgado", "Harold Finch", "Amara Osei", "Piotr Nowak", "Margaret Quinn", "Tomasz Lewandowski", "Ines Carvalho"];
const DAYS = holdout ? ["2026-12-03", "2027-05-30", "2026-08-17", "2027-02-11", "2026-10-25"] : ["2026-11-28", "2027-03-14", "2026-07-02", "2027-01-21", "2026-09-09"];
const OTHER_TEXT = holdout
  ? "Please leave the parcel with the neighbour at number twelve if nobody answers. I will be back on Thursday evening, and I can collect it then. Thank you for your help with this."
  : "I agree to the terms of this service. I understand that my recordings are stored on the server and may be used to improve it. I may close my account at any time, and my data will then be removed within thirty days.";
const KINDS = ["another text", "another scope", "another name", "another day", "halfway"] as const;
/**
 * The statement with a refusal, a negation or a taking back said inside it (issue 57): each turns what is read into
 * its opposite while nearly every word of the statement is still heard. Every reader reads one of them.
 */
const REFUSALS: ((statement: string, parts: StatementParts) => string)[] = [
  (s) => s.replace("I agree that", "I do not agree, I refuse, that"),
  (s) => `${s} I do not consent.`,
  (s) => s.replace("I agree that", "I don't agree that"),
  (s, p) => s.replace(`I am ${p.name}`, `I am not ${p.name}`),
  (s) => `${s} No. I take that back, I refuse.`,
  (s) => s.replace("Mindprint may make", "Mindprint may never make"),
  (s) => s.replace("I understand that", "I am being forced to say this. I understand that"),
  (s) => s.replace("I agree that", "I would never agree that"),
];

interface Reading {
  voice: string;
  noisy: boolean;
  /** What the check is told: the statement it expects. */
  parts: StatementParts;
  /** "statement", or what other speech this is. */
  kind: "statement" | "refusal" | (typeof KINDS)[number];
  pcm: Int16Array;
}

const statementOf = (p: StatementParts) => voiceConsentStatement(p.name, statementDate(p.day), p.scope);
/** The words that were actually read for a reading of this kind, judged against `parts`. */
function spokenFor(kind: Reading["kind"], parts: StatementParts, n: number): string {
  const other = <T>(list: readonly T[], now: T) => list.filter((x) => x !== now)[n % (list.length - 1)]!;
  switch (kind) {
    case "statement":
      return statementOf(parts);
    case "refusal":
      return REFUSALS[n % REFUSALS.length]!(statementOf(parts), parts);
    case "another text":
      return OTHER_TEXT;
    case "another scope":
      return statementOf({ ...parts, scope: other(voiceConsentScopes, parts.scope) });
    case "another name":
      return statementOf({ ...parts, name: other(NAMES, parts.name) });
    case "another day":
      return statementOf({ ...parts, day: other(DAYS, parts.day) });
    case "halfway": {
      const sentences = statementOf(parts).split(/(?<=\.)\s+/);
      return sentences.slice(0, Math.ceil(sentences.length / 2)).join(" ");
    }
  }
}

const work = await fs.mkdtemp(path.join(os.tmpdir(), "mindprint-eval-consent-"));
const readings: Reading[] = [];
let n = 0;
const started = performance.now();
for (const [v, voice] of VOICES.entries())
  for (const noisy of [false, true])
    for (let k = 0; k < 2; k++) {
      for (const kind of ["statement", KINDS[(v * 4 + (noisy ? 2 : 0) + k) % KINDS.length]!, "refusal"] as const) {
        if (readings.length >= limit) break;
        const parts: StatementParts = { name: NAMES[n % NAMES.length]!, day: DAYS[n % DAYS.length]!, scope: voiceConsentScopes[n % voiceConsentScopes.length] as VoiceConsentScope };
        readings.push({ voice: voice.name, noisy, parts, kind, pcm: await readAloud(spokenFor(kind, parts, n), voice, { noisy, dir: work, n, noise: holdout ? "pink" : "brown" }) });
        n++;
      }
    }
await fs.rm(work, { recursive: true, force: true });
const statements = readings.filter((r) => r.kind === "statement").length;
console.log(`${readings.length} readings (${statements} of the statement, ${readings.length - statements} of other speech) by ${VOICES.length} voices${holdout ? " (held out)" : ""}, made in ${((performance.now() - started) / 1000).toFixed(0)} s`);

const spotter = createPocketsphinxSpotter({ bin: "/usr/bin/pocketsphinx_continuous", timeoutMs: 120_000 });
const whisper = createWhisperTranscriber({ cacheDir: path.resolve(process.env.DATA_DIR ?? "./data", "models") });
const designs: Record<string, ((r: Reading) => Promise<{ accepted: boolean; detail: string }>) | null> = {
  "keyphrases (PocketSphinx)": spotter && !args.includes("--whisper-only")
    ? async (r) => {
        try {
          const heard = await hearConsent({ kind: "keyphrases", spotter }, r.pcm, r.parts);
          return { accepted: true, detail: `${heard.phrasesHeard}/${heard.phrasesListened} phrases` };
        } catch (error) {
          return { accepted: false, detail: (error as Error).message };
        }
      }
    : null,
  "words in order (Whisper)": async (r) => {
    // The product's own path: a second hearing in shorter windows when the first heard neither the statement nor a refusal.
    const { hearing: h, text } = await hearInWords({ transcriber: whisper, again: whisper.inWindowsOf(SECOND_HEARING_WINDOW_SECONDS) }, r.pcm, r.parts);
    transcripts.push({ voice: r.voice, noisy: r.noisy, kind: r.kind, parts: r.parts, text });
    const refused = h.contradiction === null ? "" : `, refusal "${h.contradiction}"`;
    return { accepted: h.accepted, detail: `share ${h.share.toFixed(2)}, scope ${h.scopeShare.toFixed(2)}, name ${h.nameHeard}, day ${h.dayHeard}${refused}: "${text.slice(0, 90)}…"` };
  },
};

const round = (x: number) => Math.round(x * 1000) / 1000;
const results: Record<string, { false_rejection: number; false_acceptance: number; readings: number }> = {};
for (const [design, judge] of Object.entries(designs)) {
  if (!judge) {
    console.log(`${design}: not available here`);
    continue;
  }
  const wrong: string[] = [];
  let refused = 0;
  let accepted = 0;
  const byKind = new Map<string, { wrong: number; all: number }>();
  const t0 = performance.now();
  for (const r of readings) {
    const verdict = await judge(r);
    const isWrong = r.kind === "statement" ? !verdict.accepted : verdict.accepted;
    if (isWrong) {
      if (r.kind === "statement") refused++;
      else accepted++;
      wrong.push(`  ${r.kind === "statement" ? "refused" : "accepted"} [${r.voice}${r.noisy ? ", noise" : ""}; ${r.kind}] ${verdict.detail}`);
    }
    const k = byKind.get(r.kind) ?? { wrong: 0, all: 0 };
    byKind.set(r.kind, { wrong: k.wrong + (isWrong ? 1 : 0), all: k.all + 1 });
  }
  results[design] = { false_rejection: round(refused / statements), false_acceptance: round(accepted / (readings.length - statements)), readings: readings.length };
  console.log(`${design}: false rejection ${results[design].false_rejection} (${refused} of ${statements}), false acceptance ${results[design].false_acceptance} (${accepted} of ${readings.length - statements}), ${((performance.now() - t0) / readings.length / 1000).toFixed(2)} s a reading`);
  console.log(`  by kind: ${[...byKind].map(([kind, k]) => `${kind} ${k.wrong}/${k.all} wrong`).join(", ")}`);
  for (const line of wrong.slice(0, 12)) console.log(line);
}
if (transcriptsFile) await fs.writeFile(transcriptsFile, JSON.stringify(transcripts, null, 1));
console.log(JSON.stringify(results["words in order (Whisper)"] ?? Object.values(results)[0] ?? null));
process.exit(0);
