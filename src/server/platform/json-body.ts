import secureJson from "secure-json-parse";
import { isJsonShapeWithin, type JsonShapeLimits } from "./json-shape";

export type JsonBodyRefusal = "invalidUtf8" | "unreadable" | "nul" | "tooComplex";
export type JsonBodyResult = { value: unknown } | { refused: JsonBodyRefusal };

/** True when any string in a parsed JSON value holds U+0000, which PostgreSQL text cannot store. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || holdsNul(v, depth + 1));
}

/**
 * Bytes to text that must be UTF-8: invalid sequences are refused rather than stored as U+FFFD (SECURITY.md 36).
 * Null when the bytes are not UTF-8.
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A JSON request body read the way every route expects it: UTF-8 or refused, its shape within `limits` before it is
 * parsed, no prototype poisoning (Fastify's own parser refuses __proto__ and constructor.prototype keys; so does
 * this one), no NUL character anywhere. Pure, so it runs on the event loop for small bodies and in a thread for
 * large ones.
 */
export function readJsonBody(bytes: Uint8Array, limits: JsonShapeLimits): JsonBodyResult {
  const text = decodeUtf8(bytes);
  if (text === null) return { refused: "invalidUtf8" };
  if (text.trim() === "") return { value: undefined };
  if (!isJsonShapeWithin(text, limits)) return { refused: "tooComplex" };
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" });
  } catch {
    return { refused: "unreadable" };
  }
  return holdsNul(value) ? { refused: "nul" } : { value };
}
