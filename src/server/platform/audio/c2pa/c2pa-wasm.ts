import fs from "node:fs";
import { createRequire } from "node:module";
import { initSync, WasmBuilder, WasmReader } from "@contentauth/c2pa-wasm";

/**
 * c2pa-rs compiled to WebAssembly (`@contentauth/c2pa-wasm`, decision 0047): the C2PA reference implementation, the one
 * C2PA library that installs here and writes manifests into WAV and MP3. It is built for browsers; two things make it
 * run in Node, both kept to this file:
 * - the module is instantiated from the package's own .wasm file (no fetch), once per process, on first use;
 * - the builder reads its source asset as a Blob through `FileReaderSync`, which Node lacks. We hand it `BytesBlob`
 *   (the two members it uses: `size`, `slice`) and a `FileReaderSync` that reads only those.
 */

class BytesBlob {
  constructor(readonly bytes: Uint8Array) {}
  get size(): number {
    return this.bytes.length;
  }
  slice(start = 0, end = this.bytes.length): BytesBlob {
    return new BytesBlob(this.bytes.subarray(start, end));
  }
}

class BytesBlobReader {
  readAsArrayBuffer(blob: unknown): ArrayBuffer {
    if (!(blob instanceof BytesBlob)) throw new TypeError("Only the C2PA adapter's own blobs can be read here.");
    return blob.bytes.slice().buffer;
  }
}

let ready = false;
function load(): void {
  if (ready) return;
  const globals = globalThis as { FileReaderSync?: unknown };
  globals.FileReaderSync ??= BytesBlobReader;
  const wasmPath = createRequire(import.meta.url).resolve("@contentauth/c2pa-wasm/c2pa.wasm");
  initSync({ module: fs.readFileSync(wasmPath) });
  ready = true;
}

/** What signs: the COSE_Sign1 of the claim, built by the caller (c2pa-wasm leaves COSE to it), and its exact size. */
export interface CoseSigner {
  /** The whole COSE_Sign1 structure over the claim bytes, exactly `reserveSize` bytes long. */
  sign: (claim: Uint8Array) => Promise<Uint8Array>;
  reserveSize: number;
  alg: "es256";
}

export type C2paFormat = "audio/wav" | "audio/mpeg";

/** Returns the asset with the manifest embedded (WAV: a `C2PA` chunk; MP3: an ID3 GEOB frame), signed by `signer`. */
export async function embedSignedManifest(asset: Uint8Array, format: C2paFormat, manifest: object, signer: CoseSigner): Promise<Uint8Array> {
  load();
  const builder = WasmBuilder.fromJson(JSON.stringify(manifest));
  try {
    const sign = async (bytes: Uint8Array) => new Uint8Array(await signer.sign(bytes)) as Uint8Array<ArrayBuffer>;
    return await builder.sign({ sign, reserveSize: signer.reserveSize, alg: signer.alg }, [], format, new BytesBlob(asset) as unknown as Blob);
  } finally {
    builder.free();
  }
}

/** The manifest store as c2pa-rs reports it (`json()`), or null when the file carries no C2PA manifest. */
export async function readManifestStore(asset: Uint8Array, format: C2paFormat, trustAnchorsPem: string): Promise<C2paStore | null> {
  load();
  const context = JSON.stringify({ trust: { user_anchors: trustAnchorsPem }, verify: { verify_trust: true } });
  let reader: WasmReader;
  try {
    reader = await WasmReader.fromBytes(format, asset, context);
  } catch (error) {
    if (/JumbfNotFound/.test(String(error))) return null;
    throw new C2paReadError(String(error));
  }
  try {
    return JSON.parse(reader.json()) as C2paStore;
  } finally {
    reader.free();
  }
}

/** A C2PA manifest is there but cannot be read (cut short, malformed). */
export class C2paReadError extends Error {}

/** The part of c2pa-rs's report we read. */
export interface C2paStore {
  active_manifest?: string;
  manifests: Record<string, C2paManifest>;
  /** "Trusted" (valid, and the certificate chains to one of our anchors), "Valid" (valid, another signer), "Invalid". */
  validation_state?: "Trusted" | "Valid" | "Invalid";
  validation_status?: { code: string; explanation?: string }[];
}

export interface C2paManifest {
  assertions?: { label: string; data: unknown }[];
  signature_info?: { issuer?: string; common_name?: string; time?: string; cert_serial_number?: string };
}
