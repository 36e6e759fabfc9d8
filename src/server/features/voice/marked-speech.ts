import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import { signSpeech } from "../../platform/audio/c2pa/audio-manifest";
import { installationSigner } from "../../platform/audio/c2pa/installation-signer";
import { audioFormatOf, mark } from "../../platform/audio/provenance-mark";
import { serverVersion } from "../../platform/server-version";
import { AppError } from "../../platform/errors";
import type { SpokenAudio } from "../../providers/voice/voice-engine";
import { personName } from "../profile";
import { consentInForce } from "./consent";

/** Said in the mark when the person gave no name: their address never goes into a file. */
const UNNAMED = "this account's owner";

/** The name in a consent statement: "I am Nell Harper, and today is …" (voiceConsentStatement). */
const STATED_NAME = /^I am (.+?), and today is /;

/**
 * The name a person's AI voice is marked with (SECURITY.md 51): the name they stated in the consent in force, read
 * aloud and checked, not whatever the profile says now (a rename to "Taylor Swift (official)" after the consent signs
 * nothing new); their current name when no statement says one. Never their e-mail address.
 */
export async function voiceOwnerName(ctx: AppContext, ownerId: string): Promise<string> {
  const { name, email, statement } = await withUserScope(ctx.db, ownerId, async (tx) => ({ ...(await personName(tx, ownerId)), statement: (await consentInForce(tx, ownerId))?.statement ?? null }));
  const stated = statement ? STATED_NAME.exec(statement)?.[1] : undefined;
  const who = stated ?? name;
  return who === email || who.includes("@") ? UNNAMED : who;
}

/**
 * Synthetic speech as it may leave the server, with two marks that it is AI-generated, whose voice, which engine and
 * when: the IPTC digital source type in XMP (decision 0030), which any metadata reader shows, and over it a C2PA
 * manifest signed by this installation (decision 0047), whose data hash covers the whole file, the XMP included, so
 * neither can be changed unnoticed. Audio in a format we cannot mark is refused rather than sent unmarked.
 */
export async function markSpeech(ctx: AppContext, spoken: SpokenAudio, voice: { who: string; label: string | null }, engine: string): Promise<SpokenAudio> {
  const format = audioFormatOf(spoken.audio);
  if (!format) throw new AppError("voice_service_failed", "The voice engine answered in an audio format that cannot be marked as AI speech.");
  const details = { who: voice.who, label: voice.label, madeAt: ctx.clock.now(), engine };
  const signer = await installationSigner(ctx.config);
  const audio = await signSpeech(mark(spoken.audio, format, details), format, details, signer, serverVersion());
  return { audio, contentType: format === "wav" ? "audio/wav" : "audio/mpeg" };
}
