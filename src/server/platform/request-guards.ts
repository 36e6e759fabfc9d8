import type { FastifyInstance } from "fastify";
import secureJson from "secure-json-parse";
import { messages } from "../../contract";
import { AppError } from "./errors";

/** True when any string in a parsed JSON value holds U+0000, which PostgreSQL text cannot store. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || holdsNul(v, depth + 1));
}

/**
 * Input that would reach the database as a 500 is refused at the door with a message a person can act on: a NUL
 * character anywhere in a JSON body or in the address (PostgreSQL text cannot hold one), and JSON that does not parse.
 */
export function installRequestGuards(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (request.url.includes("\u0000") || /%00/.test(request.url)) throw new AppError("validation_failed", messages.nulCharacter);
  });
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    let parsed: unknown;
    try {
      // Fastify's own parser refuses __proto__ and constructor.prototype keys (prototype poisoning); so does this one.
      parsed = secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" });
    } catch {
      return done(new AppError("validation_failed", messages.unreadableBody), undefined);
    }
    if (holdsNul(parsed)) return done(new AppError("validation_failed", messages.nulCharacter), undefined);
    return done(null, parsed);
  });
  // The sign-in forms that work without scripts post ordinary form fields (features/session/form-routes.ts).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    const fields = Object.fromEntries(new URLSearchParams(text));
    if (holdsNul(fields)) return done(new AppError("validation_failed", messages.nulCharacter), undefined);
    return done(null, fields);
  });
}
