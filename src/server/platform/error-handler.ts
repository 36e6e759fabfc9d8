import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { messages, type ErrorEnvelope } from "../../contract";
import { AppError } from "./errors";

function envelope(code: string, message: string, fields?: Record<string, string>): ErrorEnvelope {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/** Every failure leaves the API as the one envelope; 5xx answers never carry internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header("retry-after", String(error.extra.retryAfterSeconds));
      return reply.status(error.status).send(envelope(error.code, error.message, error.extra.fields));
    }
    if (error instanceof ZodError) {
      const fields: Record<string, string> = {};
      for (const issue of error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
      const first = Object.values(fields)[0];
      return reply.status(400).send(envelope("validation_failed", first ?? messages.validation, fields));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send(envelope("validation_failed", "This request is larger than the server accepts."));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type).
      return reply.status(status).send(envelope("validation_failed", "The request could not be read. Send JSON that matches the API."));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(envelope("internal_error", messages.internal));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(envelope("not_found", messages.notFound));
  });
}
