import type { Readable } from "node:stream";
import type { AudioMarkResponse } from "../../../contract/audio-mark";
import { audioMarkMessages } from "../../../contract/audio-mark";
import { readSpeechManifest, type C2paVerdict } from "../../platform/audio/c2pa/audio-manifest";
import { audioFormatOf, readMark, type AudioMark } from "../../platform/audio/provenance-mark";
import { AppError } from "../../platform/errors";

/**
 * What a file's marks say and who stands behind them (decision 0047). The C2PA manifest decides: signed and chained to
 * `anchorPem` (this installation's certificate) is "this_installation"; validly signed by any other certificate is
 * "another"; a signature that does not hold over the file, or an IPTC mark alone, is "unsigned" (anyone could have
 * written it); nothing is "none". Every name the file carries is the file's text, so the summary quotes it.
 */
export async function markVerdict(bytes: Uint8Array, anchorPem: string): Promise<AudioMarkResponse | null> {
  const format = audioFormatOf(bytes);
  if (!format) return null;
  const iptc = readMark(bytes);
  const c2pa = await readSpeechManifest(bytes, format, anchorPem);
  const holds = c2pa && c2pa.signature !== "broken" ? c2pa : null;
  const signature = holds ? (holds.signature === "this installation" ? "this_installation" : "another") : c2pa || iptc ? "unsigned" : "none";
  const says = holds ? fromManifest(holds) : iptc ? fromIptc(iptc) : c2pa ? fromManifest(c2pa) : null;
  return {
    signature,
    signedBy: holds?.signer ?? null,
    problems: c2pa?.problems ?? [],
    marked: says !== null,
    aiGenerated: says?.aiGenerated ?? false,
    sourceType: says?.sourceType ?? null,
    madeBy: says?.madeBy ?? null,
    about: says?.about ?? null,
    label: says?.label ?? null,
    madeAt: says?.madeAt ?? null,
    engine: says?.engine ?? null,
    format,
    summary: summaryOf(signature, holds?.signer ?? null, c2pa?.problems ?? [], says),
  };
}

type Says = Pick<AudioMarkResponse, "aiGenerated" | "sourceType" | "madeBy" | "about" | "label" | "madeAt" | "engine">;

const fromManifest = (m: C2paVerdict): Says => ({ aiGenerated: m.aiGenerated, sourceType: m.sourceType, madeBy: m.signer, about: m.about, label: m.label, madeAt: m.madeAt, engine: m.engine });
const fromIptc = (m: AudioMark): Says => ({ aiGenerated: m.aiGenerated, sourceType: m.sourceType, madeBy: m.madeBy, about: m.about, label: m.label, madeAt: m.madeAt, engine: m.engine });

/** A name from the file, as data: in quotes, with its own quotes and control characters escaped. */
const quoted = (text: string) => JSON.stringify(text);

function content(says: Says): string {
  if (!says.aiGenerated) return `not AI-generated (source type ${quoted(says.sourceType ?? "none")})`;
  // Whose voice: the name its owner stated in their recorded consent; the voice's own name only as their label.
  const voice = says.about ? `, the AI voice of ${quoted(says.about)} (the name stated in their recorded consent)` : "";
  const label = says.label ? `, labelled ${quoted(says.label)} by its owner` : "";
  const day = says.madeAt ? `, made on ${says.madeAt.slice(0, 10)}` : "";
  return `AI-generated speech${voice}${label}${day}`;
}

function summaryOf(signature: AudioMarkResponse["signature"], signer: string | null, problems: string[], says: Says | null): string {
  if (signature === "none" || !says) return "No AI mark.";
  if (signature === "this_installation") return `Signed by this Mindprint installation: ${content(says)}.`;
  if (signature === "another") return `Signed by another signer, ${quoted(signer ?? "unnamed")}, not this installation. It says: ${content(says)}.`;
  const why = problems.length > 0 ? `A mark whose signature does not hold over this file (${problems.join(", ")}): ` : "A mark that is not signed: ";
  return `${why}anyone could have written this. It says: ${content(says)}${says.madeBy ? `, by ${quoted(says.madeBy)}` : ""}.`;
}

/**
 * Reads an uploaded file's marks: the whole file (the C2PA data hash covers every byte; the route bounds the size),
 * answered about and forgotten, whoever made it. Not a WAV or MP3 is a 400.
 */
export async function verifyUploadedAudio(upload: { file: Readable & { truncated?: boolean } }, maxMb: number, anchorPem: string, afterFile: () => Promise<void>): Promise<AudioMarkResponse> {
  const pieces: Buffer[] = [];
  for await (const piece of upload.file as AsyncIterable<Buffer>) pieces.push(piece);
  if (upload.file.truncated) throw new AppError("payload_too_large", audioMarkMessages.tooLarge(maxMb));
  await afterFile();
  const verdict = await markVerdict(Buffer.concat(pieces), anchorPem);
  if (!verdict) throw new AppError("validation_failed", audioMarkMessages.notAudio, { fields: { audio: audioMarkMessages.notAudio } });
  return verdict;
}
