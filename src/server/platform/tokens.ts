import crypto from "node:crypto";

/** A secret token to put in a link (256 random bits, URL-safe); only its hash is ever stored. */
export const newSecretToken = () => crypto.randomBytes(32).toString("base64url");

/** SHA-256 in hex: what a table keeps of a mailed token, enough to find its row and useless to anyone who reads it. */
export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
