import type { FastifyInstance } from "fastify";
import { messages } from "../../contract";
import { createConcurrencyGate } from "./concurrency-gate";
import { takeSlot } from "./gate-slot";
import { AppError } from "./errors";
import { decodeUtf8, holdsNul, readJsonBody, type JsonBodyRefusal, type JsonBodyResult } from "./json-body";
import type { JsonShapeLimits } from "./json-shape";
import { runOffThread, ThreadFailedError } from "./off-thread";

/** Bodies up to the app's default limit (128 KB) are read on the event loop: a few milliseconds at most. */
const ON_LOOP_MAX_BYTES = 128 * 1024;
// Small bodies may be any JSON a form sends. A large one (only the import's takes one) carries its weight in a few
// strings, never in millions of values: 1,000 values and a depth of 32 are far above any route's body.
const SMALL_BODY: JsonShapeLimits = { values: 100_000, depth: 64 };
const LARGE_BODY: JsonShapeLimits = { values: 1_000, depth: 32 };
// A large body is read in a thread of its own, two at a time in this process with a short line behind them (two
// cores); its heap holds the text and its few strings, and is capped so that no input can take more.
const largeBodyGate = createConcurrencyGate(2, 6);
const LARGE_BODY_HEAP_MB = 512;

const refusals: Record<JsonBodyRefusal, () => AppError> = {
  invalidUtf8: () => new AppError("validation_failed", messages.invalidUtf8),
  unreadable: () => new AppError("validation_failed", messages.unreadableBody),
  nul: () => new AppError("validation_failed", messages.nulCharacter),
  tooComplex: () => new AppError("validation_failed", messages.bodyTooComplex),
};

/** Reads a body larger than ON_LOOP_MAX_BYTES in a thread, so parsing it never stalls other people's requests. */
async function readLargeJsonBody(body: Buffer): Promise<JsonBodyResult> {
  const release = await takeSlot(() => largeBodyGate.acquire(), { full: { message: messages.bodyBusy, retryAfterSeconds: 5 } });
  try {
    // Transferred, not cloned: a large body has memory of its own (a pooled small buffer would be copied first).
    const owned = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    const bytes = owned ? new Uint8Array(body.buffer) : new Uint8Array(body);
    return await runOffThread<JsonBodyResult>(new URL("./json-body-thread.ts", import.meta.url), { bytes, limits: LARGE_BODY }, { maxOldGenerationSizeMb: LARGE_BODY_HEAP_MB }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    if (error instanceof ThreadFailedError) return { refused: "tooComplex" };
    throw error;
  } finally {
    release();
  }
}

/**
 * A path that a URL parser would rewrite before it reaches its handler: a backslash (read as `/`), a `.` or `..`
 * segment, or an encoded separator or dot. None of our addresses has one; a relayed `..\\` once reached an endpoint
 * that had been left unguarded on purpose (SECURITY.md 44), so they are refused before anything routes them.
 */
export function isTrickPath(url: string): boolean {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.includes("\\") || /%(2e|2f|5c)/i.test(path)) return true;
  return path.split("/").some((segment) => segment === "." || segment === "..");
}

/**
 * Input that would reach the database as a 500 is refused at the door with a message a person can act on: a NUL
 * character anywhere in a JSON body or in the address (PostgreSQL text cannot hold one), bytes that are not UTF-8
 * (never stored as U+FFFD), and JSON that does not parse or holds far more values than any route takes.
 */
export function installRequestGuards(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (isTrickPath(request.url)) throw new AppError("validation_failed", messages.pathRefused);
    if (request.url.includes("\u0000") || /%00/.test(request.url)) throw new AppError("validation_failed", messages.nulCharacter);
  });
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, async (_request: unknown, body: Buffer | string) => {
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    const result = bytes.length > ON_LOOP_MAX_BYTES ? await readLargeJsonBody(bytes) : readJsonBody(bytes, SMALL_BODY);
    if ("refused" in result) throw refusals[result.refused]();
    return result.value;
  });
  // The sign-in forms that work without scripts post ordinary form fields (features/session/form-routes.ts).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "buffer" }, async (_request: unknown, body: Buffer | string) => {
    const text = typeof body === "string" ? body : decodeUtf8(body);
    if (text === null) throw refusals.invalidUtf8();
    const fields = Object.fromEntries(new URLSearchParams(text));
    if (holdsNul(fields)) throw refusals.nul();
    return fields;
  });
}
