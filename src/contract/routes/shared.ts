/** What every entry of the API table is (`Endpoint`), and the pieces several feature tables share. */
import { z } from "zod";
import type { ErrorCode } from "../errors";
import { legacyMessages, memorialSlugParams } from "../legacy";
import { memoryMessages } from "../memory-options";
import { personalityMessages } from "../personality";
import { twinMessages } from "../twin-options";
import { peopleMessages } from "../people";
import { voiceCloneMessages, voiceMessages } from "../voice-options";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: Method;
  path: string;
  /** Signed-in users only. */
  auth: boolean;
  /**
   * Reachable by a signed-in person whose age is not settled (unknown, under 13, or waiting for a guardian): stating
   * it, reading it, and what is theirs by right whatever their age (downloading their data, deleting the account). Every other signed-in route refuses them (SECURITY.md 46).
   */
  beforeAge?: boolean;
  /** A development endpoint: registered in development only and left out of production's API document (SECURITY.md 49). */
  devOnly?: boolean;
  /** One line for the API's documentation (/api/docs). */
  summary: string;
  /** The path's `:name` parameters. */
  params?: z.ZodObject;
  /** What a path id that is malformed or names nothing answers: a 404, never a 400 (nothing to fix in the request). */
  missing?: { code: ErrorCode; message: string };
  query?: z.ZodObject;
  /** Request headers the endpoint reads (lower-case names). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The body is multipart/form-data, read as a stream by the handler (the schema documents its fields). */
  multipart?: boolean;
  response: z.ZodType;
  /**
   * A stream or a file instead of JSON, with its media type: the handler writes it, and the response schema documents
   * it rather than being parsed on the way out. JSON answers are checked against the schema and serialized from it.
   */
  produces?: string;
}

export const ok = z.object({ ok: z.literal(true) });
export const id = (missing: { code: ErrorCode; message: string }) => ({ params: z.object({ id: z.uuid() }), missing });
export const memoryId = id({ code: "memory_not_found", message: memoryMessages.notFound });
export const twinMessageId = id({ code: "twin_message_not_found", message: twinMessages.messageNotFound });
export const personId = id({ code: "person_not_found", message: peopleMessages.notFound });
export const voiceSessionId = id({ code: "voice_session_not_found", message: voiceMessages.sessionNotFound });
export const voiceProfileId = id({ code: "voice_profile_not_found", message: voiceCloneMessages.missingProfile });
export const legacyContactId = id({ code: "legacy_contact_not_found", message: legacyMessages.contactNotFound });
export const memorialSlug = { params: memorialSlugParams, missing: { code: "memorial_not_found" as const, message: legacyMessages.memorialNotFound } };
export const personalityAttemptId = id({ code: "personality_attempt_not_found", message: personalityMessages.attemptNotFound });
export const audioFile = z.string().describe("binary");
