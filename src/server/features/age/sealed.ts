import crypto from "node:crypto";

// A pending sign-up is kept sealed with the token in the guardian's e-mail: the server holds only the token's SHA-256
// and this ciphertext, so until the guardian opens their link nobody here can read who asked (decision 0029).

const keyOf = (token: string) => Buffer.from(crypto.hkdfSync("sha256", token, "mindprint-age", "guardian-consent-v1", 32));

/** A new random token (256 bits, base64url) and its SHA-256 (hex), the only form stored. */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** AES-256-GCM under a key derived from the token: iv, tag and ciphertext, base64url. */
export function seal(token: string, value: unknown): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyOf(token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed value, or null when the token does not open it. */
export function unseal(token: string, sealed: string): unknown {
  const bytes = Buffer.from(sealed, "base64url");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyOf(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8"));
  } catch {
    return null;
  }
}
