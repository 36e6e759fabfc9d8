/** The IPTC digital source type of media made by a model trained on sampled content (here: a cloned voice). */
export const TRAINED_ALGORITHMIC_MEDIA = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

/** IPTC source types that say the content was made by an algorithm rather than captured. */
const AI_SOURCE_TYPES = new Set(
  ["trainedAlgorithmicMedia", "algorithmicMedia", "compositeSynthetic", "compositeWithTrainedAlgorithmicMedia"].map((code) => `http://cv.iptc.org/newscodes/digitalsourcetype/${code}`),
);

const MINDPRINT_NS = "http://ns.mindprint.app/voice/1.0/";
const MADE_BY = "Mindprint";
/** Bound on what is read of a packet from an uploaded file. */
const MAX_XMP_BYTES = 64 * 1024;

/** What a file's AI mark says. */
export interface AudioMark {
  aiGenerated: boolean;
  /** The IPTC digital source type URI. */
  sourceType: string;
  /** The software that made it ("Mindprint", or the CreatorTool another maker wrote). */
  madeBy: string;
  /** Whose voice it imitates, when the mark says. */
  about: string | null;
  /** The voice's own name as its owner chose it (free text), when the mark gives one. */
  label: string | null;
  /** When it was made (ISO 8601), when the mark says. */
  madeAt: string | null;
  engine: string | null;
}

/** XML 1.0 allows no control characters but tab, newline and carriage return. */
const withoutControls = (text: string) => Array.from(text, (c) => (c.charCodeAt(0) < 0x20 && !"\t\n\r".includes(c)) || c === "\u007f" ? "" : c).join("");

const escapeXml = (text: string) =>
  withoutControls(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** The XMP packet of our mark: IPTC DigitalSourceType, the tool, the date, a description and whose voice it is. */
export function xmpPacket(details: { who: string; label?: string | null; madeAt: Date; engine: string }): string {
  const who = escapeXml(details.who.trim().slice(0, 200) || "someone");
  const label = details.label?.trim() ? escapeXml(details.label.trim().slice(0, 200)) : null;
  const when = details.madeAt.toISOString().replace(/\.\d{3}Z$/, "Z");
  return [
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>`,
    `<x:xmpmeta xmlns:x="adobe:ns:meta/">`,
    ` <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`,
    `  <rdf:Description rdf:about=""`,
    `    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"`,
    `    xmlns:xmp="http://ns.adobe.com/xap/1.0/"`,
    `    xmlns:dc="http://purl.org/dc/elements/1.1/"`,
    `    xmlns:mindprint="${MINDPRINT_NS}">`,
    `   <Iptc4xmpExt:DigitalSourceType>${TRAINED_ALGORITHMIC_MEDIA}</Iptc4xmpExt:DigitalSourceType>`,
    `   <xmp:CreatorTool>${MADE_BY} AI voice (${escapeXml(details.engine)} engine)</xmp:CreatorTool>`,
    `   <xmp:CreateDate>${when}</xmp:CreateDate>`,
    `   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">AI-generated speech: ${MADE_BY}'s AI voice of ${who}, the name stated in their recorded consent${label ? `, labelled “${label}” by its owner` : ""}. Not a recording of ${who}.</rdf:li></rdf:Alt></dc:description>`,
    `   <mindprint:MadeBy>${MADE_BY}</mindprint:MadeBy>`,
    `   <mindprint:VoiceOf>${who}</mindprint:VoiceOf>`,
    ...(label ? [`   <mindprint:VoiceLabel>${label}</mindprint:VoiceLabel>`] : []),
    `   <mindprint:Engine>${escapeXml(details.engine)}</mindprint:Engine>`,
    `  </rdf:Description>`,
    ` </rdf:RDF>`,
    `</x:xmpmeta>`,
    `<?xpacket end="r"?>`,
  ].join("\n");
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d{1,6});/g, (_, n: string) => String.fromCodePoint(Math.min(Number(n), 0x10ffff)))
    .replace(/&amp;/g, "&");

/** A property by local name, written as an element or as an attribute (both are valid XMP). */
function property(xml: string, prefix: string, name: string): string | null {
  const element = new RegExp(`<${prefix}:${name}>([^<]{0,2000})</${prefix}:${name}>`).exec(xml);
  if (element) return unescapeXml(element[1]!.trim());
  const attribute = new RegExp(`\\s${prefix}:${name}="([^"]{0,2000})"`).exec(xml);
  return attribute ? unescapeXml(attribute[1]!.trim()) : null;
}

/** The mark in an XMP packet (ours or another maker's IPTC source type); null when it names no digital source type. */
export function readXmpMark(packet: Uint8Array): AudioMark | null {
  const xml = new TextDecoder("utf-8").decode(packet.subarray(0, MAX_XMP_BYTES));
  const sourceType = property(xml, "Iptc4xmpExt", "DigitalSourceType");
  if (!sourceType) return null;
  const madeAt = property(xml, "xmp", "CreateDate");
  return {
    aiGenerated: AI_SOURCE_TYPES.has(sourceType),
    sourceType,
    madeBy: property(xml, "mindprint", "MadeBy") ?? property(xml, "xmp", "CreatorTool") ?? "an unnamed tool",
    about: property(xml, "mindprint", "VoiceOf"),
    label: property(xml, "mindprint", "VoiceLabel"),
    madeAt: madeAt && !Number.isNaN(Date.parse(madeAt)) ? new Date(madeAt).toISOString() : null,
    engine: property(xml, "mindprint", "Engine"),
  };
}
