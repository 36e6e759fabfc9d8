import crypto from "node:crypto";

// Crockford's base32 in lower case: URL-safe, and no 0/o or 1/l/i to confuse when a code is read aloud.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** A referral code of 8 characters from 40 random bits (5 bits per character). */
export function newReferralCode(): string {
  const bytes = crypto.randomBytes(5);
  let bits = BigInt(`0x${bytes.toString("hex")}`);
  let code = "";
  for (let i = 0; i < 8; i++) {
    code = ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return code;
}
