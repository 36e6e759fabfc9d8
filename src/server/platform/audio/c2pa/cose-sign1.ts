import crypto from "node:crypto";
import { Encoder } from "cbor-x";

/**
 * COSE_Sign1 (RFC 9052) over a C2PA claim, as c2pa-rs writes it for claims of version 2: protected header
 * { alg: ES256, x5chain: [signer, …issuers] }, detached payload, an IEEE P1363 signature, and an unprotected "pad"
 * that brings the structure to exactly the size reserved in the file (c2pa-rs's `pad_cose_sig`), since c2pa-wasm
 * hands the whole COSE structure to us and puts our bytes where it reserved that many.
 */

// Plain CBOR: cbor-x would otherwise tag maps (259, unless maps are not read back as objects), typed arrays and
// records, which COSE readers refuse.
const cbor = new Encoder({ mapsAsObjects: false, tagUint8Array: false, useRecords: false });
const COSE_SIGN1_TAG = 0xd2;
const ALG = 1;
const ES256 = -7;
const X5CHAIN = 33;

export function coseSign1(claim: Uint8Array, key: crypto.KeyObject, chainDer: Uint8Array[], size: number): Uint8Array {
  const protectedHeader = cbor.encode(new Map<number, unknown>([[ALG, ES256], [X5CHAIN, chainDer.map((c) => Buffer.from(c))]]));
  const toBeSigned = cbor.encode(["Signature1", protectedHeader, Buffer.alloc(0), Buffer.from(claim)]);
  const signature = crypto.sign("sha256", toBeSigned, { key, dsaEncoding: "ieee-p1363" });
  const build = (pad: number) => Buffer.concat([Buffer.of(COSE_SIGN1_TAG), cbor.encode([protectedHeader, new Map([["pad", Buffer.alloc(pad)]]), null, signature])]);
  // The pad's own length prefix grows at 24, 256 and 65536 bytes, so the first guess can overshoot by a few.
  let pad = size - build(0).length;
  if (pad < 0) throw new Error(`The C2PA signature needs ${build(0).length} bytes; ${size} were reserved.`);
  let out = build(pad);
  while (out.length > size && pad > 0) out = build(--pad);
  if (out.length !== size) throw new Error(`The C2PA signature could not be padded to the ${size} bytes reserved.`);
  return out;
}
