import crypto from "node:crypto";
import { promisify } from "node:util";
import { ENCRYPTED_EXPORT_FORMAT, type EncryptedExport } from "../../../contract";
import { createConcurrencyGate, GateFullError } from "../../platform/concurrency-gate";

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

/** scrypt with N = 2^17, r = 8, p = 1 needs 128 MiB and about half a second: OWASP's recommended minimum cost. */
export const KDF_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

// scrypt runs on libuv's thread pool, so it never blocks the event loop; this gate bounds how many run at once in
// this process (2 × 128 MiB) and how many may wait, so a burst of crafted imports can neither exhaust memory nor
// starve the pool (decision 0008).
const kdfGate = createConcurrencyGate(2, 4);

/** Too many key derivations at once in this process: the caller answers 429 with a short Retry-After. */
export class KdfBusyError extends Error {}
/** A file whose key-derivation parameters are not exactly the ones Mindprint writes. */
export class UnsupportedKdfError extends Error {}

type Header = Omit<EncryptedExport, "ciphertext" | "tag">;

async function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  const { N, r, p } = KDF_PARAMS;
  try {
    return await kdfGate.run(() => scrypt(passphrase.normalize("NFC"), salt, 32, { N, r, p, maxmem: 256 * N * r + 16 * 1024 * 1024 }));
  } catch (error) {
    if (error instanceof GateFullError) throw new KdfBusyError("key derivation gate full");
    throw error;
  }
}

// A short MAC of the key tells a wrong passphrase apart from a damaged file (GCM alone cannot).
const keyCheck = (key: Buffer) => crypto.createHmac("sha256", key).update("mindprint export key check").digest("base64");

// The header is authenticated as associated data in a fixed key order, so no field can be changed unnoticed.
const associatedData = (h: Header) =>
  Buffer.from(JSON.stringify({ format: h.format, version: h.version, cipher: h.cipher, kdf: h.kdf, iv: h.iv, check: h.check }));

/** Streams base64 of a byte stream whose chunks are not multiples of 3 bytes. */
function base64Encoder() {
  let rest = Buffer.alloc(0);
  return {
    push(bytes: Buffer): string {
      const all = Buffer.concat([rest, bytes]);
      const usable = all.length - (all.length % 3);
      rest = all.subarray(usable);
      return all.subarray(0, usable).toString("base64");
    },
    end: () => rest.toString("base64"),
  };
}

/**
 * An encrypting wrapper around a text writer: the output is one JSON object whose `ciphertext` member is written
 * as the plaintext arrives (AES-256-GCM, key from scrypt over the passphrase), with the tag in the last member.
 * The key is derived here, before anything is written, so a busy key-derivation gate (KdfBusyError) is a clean refusal.
 */
export async function encryptingWriter(passphrase: string): Promise<(write: (text: string) => Promise<void>) => { write: (text: string) => Promise<void>; end: () => Promise<void> }> {
  const salt = crypto.randomBytes(16);
  const iv = crypto.randomBytes(12);
  const key = await deriveKey(passphrase, salt);
  return (write) => encryptWith(key, salt, iv, write);
}

function encryptWith(key: Buffer, salt: Buffer, iv: Buffer, write: (text: string) => Promise<void>) {
  const header: Header = {
    format: ENCRYPTED_EXPORT_FORMAT,
    version: 1,
    cipher: "aes-256-gcm",
    kdf: { name: "scrypt", ...KDF_PARAMS, keyLength: 32, salt: salt.toString("base64") },
    iv: iv.toString("base64"),
    check: keyCheck(key),
  };
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(associatedData(header));
  const encoder = base64Encoder();
  let opened = false;
  const open = async () => {
    if (opened) return;
    opened = true;
    const json = JSON.stringify(header);
    await write(`${json.slice(0, -1)},"ciphertext":"`);
  };
  return {
    write: async (text: string) => {
      await open();
      const chunk = encoder.push(cipher.update(text, "utf8"));
      if (chunk) await write(chunk);
    },
    end: async () => {
      await open();
      const last = encoder.push(cipher.final());
      await write(`${last}${encoder.end()}","tag":"${cipher.getAuthTag().toString("base64")}"}\n`);
    },
  };
}

export class WrongPassphraseError extends Error {}
export class DamagedFileError extends Error {}

type Envelope = Omit<EncryptedExport, "ciphertext">;

/**
 * The key that opens an encrypted export, derived behind the process's key-derivation gate: UnsupportedKdfError for
 * parameters we never write, DamagedFileError for a malformed header, WrongPassphraseError when the key check fails.
 */
export async function keyForExport(file: Envelope, passphrase: string): Promise<Buffer> {
  // Only the parameters our exporter writes: a file cannot choose how much memory and time the server spends.
  if (file.kdf.N !== KDF_PARAMS.N || file.kdf.r !== KDF_PARAMS.r || file.kdf.p !== KDF_PARAMS.p) throw new UnsupportedKdfError("unsupported key derivation parameters");
  const salt = Buffer.from(file.kdf.salt, "base64");
  if (salt.length < 16 || Buffer.from(file.iv, "base64").length !== 12 || Buffer.from(file.tag, "base64").length !== 16) throw new DamagedFileError("malformed header");
  const key = await deriveKey(passphrase, salt);
  const expected = Buffer.from(keyCheck(key), "base64");
  const given = Buffer.from(file.check, "base64");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new WrongPassphraseError("key check failed");
  return key;
}

/** The plaintext of an encrypted export under a key from keyForExport; DamagedFileError when the tag does not match. */
export function decipherExport(file: EncryptedExport, key: Buffer): string {
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(file.iv, "base64"));
  decipher.setAAD(associatedData({ format: file.format, version: file.version, cipher: file.cipher, kdf: file.kdf, iv: file.iv, check: file.check }));
  decipher.setAuthTag(Buffer.from(file.tag, "base64"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(file.ciphertext, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new DamagedFileError("authentication failed");
  }
}
