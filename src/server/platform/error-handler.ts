import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { ZodError } from "zod";
import { messages, type ErrorEnvelope } from "../../contract";
import { AppError } from "./errors";
import { pgErrorCode } from "./pg-error-code";

function envelope(code: string, message: string, fields?: Record<string, string>): ErrorEnvelope {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

// What Node refuses in a header value (it throws ERR_INVALID_CHAR when the headers are written).
const unwritable = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * An error raised while the headers were written (a redirect or file name built from unusual input) would be thrown
 * again by the same header when the envelope is sent, and Fastify would then answer with its own body: the offending
 * headers go first.
 */
function dropUnwritableHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === "string" && unwritable.test(v))) reply.removeHeader(name);
  }
}

/** lock_not_available, idle_in_transaction_session_timeout (or the connection it ended), or the pool's wait for one. */
const isDatabaseWaitTimeout = (error: unknown) => {
  if (["55P03", "25P03"].includes(pgErrorCode(error))) return true;
  // The query builder wraps a driver's error (its message first, the cause's after): both are read.
  const messages = [(error as Error)?.message, (error as { cause?: Error })?.cause?.message].map((m) => String(m ?? ""));
  return messages.some((m) => /timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Connection terminated/i.test(m));
};

/** Every failure leaves the API as the one envelope; 5xx answers never carry internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    dropUnwritableHeaders(reply);
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header("retry-after", String(error.extra.retryAfterSeconds));
      return reply.status(error.status).send(envelope(error.code, error.message, error.extra.fields));
    }
    if (error instanceof ZodError) {
      const fields: Record<string, string> = {};
      for (const issue of error.issues) {
        const field = issue.path.join(".");
        // The contract's own messages are written for people; zod's defaults ("Invalid input: expected object,
        // received string") are written for developers and are replaced.
        const developerWording = /^(Invalid input|Invalid option|Invalid (string|number|UUID|email|url|date|element|key|union)\b|Too big:|Too small:|Unrecognized key)/.test(issue.message);
        const message = !field ? messages.unreadableBody : developerWording ? `The value of "${field}" is not accepted here. Check it and try again.` : issue.message;
        fields[field || "body"] ??= message;
      }
      const first = Object.values(fields)[0];
      return reply.status(400).send(envelope("validation_failed", first ?? messages.validation, fields));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.status(413).send(envelope("payload_too_large", messages.bodyTooLarge));
    if (status === 414) return reply.status(414).send(envelope("url_too_long", messages.urlTooLong));
    if (status === 415) return reply.status(415).send(envelope("unsupported_content", messages.unsupportedContent));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed bodies, multipart that does not parse): never its developer wording.
      return reply.status(status).send(envelope("validation_failed", messages.unreadableBody));
    }
    if (isDatabaseWaitTimeout(error)) {
      // A lock, a connection or an idle transaction waited past its bound (db/client.ts): said, and rolled back.
      request.log.warn({ err: error }, "database wait timed out");
      return reply.status(503).header("retry-after", "5").send(envelope("database_unavailable", messages.databaseBusy));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(envelope("internal_error", messages.internal));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(envelope("not_found", messages.notFound));
  });
}
