import { TRAINED_ALGORITHMIC_MEDIA, type MarkDetails, type MarkableFormat } from "../provenance-mark";
import { embedSignedManifest, readManifestStore, type C2paFormat, type C2paManifest } from "./c2pa-wasm";
import { coseSignerOf, type InstallationSigner } from "./installation-signer";

/**
 * The C2PA manifest on our synthetic speech (decision 0047): one `c2pa.created` action with the digital source type
 * trainedAlgorithmicMedia, the engine as software agent, the time, whose voice, and a sentence saying it is not a
 * recording. The data hash c2pa-rs adds covers every byte of the file but the manifest, the IPTC mark included.
 */
const MEDIA_TYPE: Record<MarkableFormat, C2paFormat> = { wav: "audio/wav", mp3: "audio/mpeg" };
const VOICE_OF = "org.mindprint.voiceOf";
const VOICE_LABEL = "org.mindprint.voiceLabel";
const ENGINE = "org.mindprint.engine";

export async function signSpeech(bytes: Uint8Array, format: MarkableFormat, details: MarkDetails, signer: InstallationSigner, version: string): Promise<Uint8Array> {
  const who = details.who.trim().slice(0, 200) || "someone";
  const label = details.label?.trim().slice(0, 200) || null;
  const manifest = {
    claim_generator_info: [{ name: "Mindprint", version }],
    title: `AI voice of ${who}`,
    format: MEDIA_TYPE[format],
    assertions: [
      {
        label: "c2pa.actions.v2",
        data: {
          actions: [
            {
              action: "c2pa.created",
              digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
              softwareAgent: { name: `Mindprint AI voice (${details.engine} engine)`, version },
              when: details.madeAt.toISOString(),
              description: `AI-generated speech: Mindprint's AI voice of ${who}, the name stated in their recorded consent${label ? `, labelled “${label}” by its owner` : ""}. Not a recording of ${who}.`,
              parameters: { [VOICE_OF]: who, ...(label ? { [VOICE_LABEL]: label } : {}), [ENGINE]: details.engine },
            },
          ],
        },
      },
    ],
  };
  return embedSignedManifest(bytes, MEDIA_TYPE[format], manifest, coseSignerOf(signer));
}

/** What a file's C2PA manifest says and whose signature it bears. */
export interface C2paVerdict {
  /** "this installation": valid and chained to our anchor; "another": valid, someone else's certificate; "broken": it does not hold. */
  signature: "this installation" | "another" | "broken";
  /** The signing certificate's subject and issuer, as the file states them (untrusted text). */
  signer: string | null;
  aiGenerated: boolean;
  sourceType: string | null;
  about: string | null;
  label: string | null;
  madeAt: string | null;
  engine: string | null;
  /** Why it does not hold, in C2PA's validation codes (empty when it holds). */
  problems: string[];
}

const AI_SOURCE = /\/digitalsourcetype\/(trainedAlgorithmicMedia|algorithmicMedia|compositeSynthetic|compositeWithTrainedAlgorithmicMedia)$/;
/** Codes that do not make a signature fail: an unknown certificate is "another", not "broken". */
const NOT_FAILURES = new Set(["signingCredential.untrusted", "signingCredential.ocsp.skipped", "timeStamp.untrusted"]);

/** The verdict on a file's C2PA manifest, or null when it has none. A manifest that cannot be read at all is "broken". */
export async function readSpeechManifest(bytes: Uint8Array, format: MarkableFormat, anchorPem: string): Promise<C2paVerdict | null> {
  let store;
  try {
    store = await readManifestStore(bytes, MEDIA_TYPE[format], anchorPem);
  } catch {
    return { signature: "broken", signer: null, aiGenerated: false, sourceType: null, about: null, label: null, madeAt: null, engine: null, problems: ["manifest.unreadable"] };
  }
  if (!store) return null;
  const manifest = store.active_manifest ? store.manifests[store.active_manifest] : undefined;
  const problems = (store.validation_status ?? []).map((s) => s.code).filter((code) => !NOT_FAILURES.has(code));
  const holds = store.validation_state !== "Invalid" && problems.length === 0 && manifest !== undefined;
  const created = createdAction(manifest);
  const info = manifest?.signature_info;
  const signer = [info?.common_name, info?.issuer].filter(Boolean).join(", ") || null;
  return {
    signature: !holds ? "broken" : store.validation_state === "Trusted" ? "this installation" : "another",
    signer,
    aiGenerated: typeof created?.digitalSourceType === "string" && AI_SOURCE.test(created.digitalSourceType),
    sourceType: typeof created?.digitalSourceType === "string" ? created.digitalSourceType : null,
    about: text(created?.parameters?.[VOICE_OF]),
    label: text(created?.parameters?.[VOICE_LABEL]),
    madeAt: text(created?.when),
    engine: text(created?.parameters?.[ENGINE]) ?? text(created?.softwareAgent?.name),
    problems: holds ? [] : problems.length > 0 ? problems : ["manifest.invalid"],
  };
}

interface CreatedAction {
  action: string;
  digitalSourceType?: unknown;
  when?: unknown;
  softwareAgent?: { name?: unknown };
  parameters?: Record<string, unknown>;
}

function createdAction(manifest: C2paManifest | undefined): CreatedAction | undefined {
  for (const assertion of manifest?.assertions ?? []) {
    if (!assertion.label.startsWith("c2pa.actions")) continue;
    const actions = (assertion.data as { actions?: CreatedAction[] }).actions ?? [];
    const created = actions.find((a) => a.action === "c2pa.created");
    if (created) return created;
  }
  return undefined;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.slice(0, 200) : null);
