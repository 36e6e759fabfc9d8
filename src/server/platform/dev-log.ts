import type { FastifyInstance } from "fastify";
import pretty from "pino-pretty";

/** A request slower than this is logged in development even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

/** Log lines as a person reads them: time, level, message, fields. Synchronous, so lines stay in order with mail blocks. */
export function readableLogStream(): NodeJS.WritableStream {
  return pretty({ sync: true, colorize: process.stdout.isTTY, translateTime: "HH:MM:ss", ignore: "pid,hostname,reqId" });
}

/** Development's request log: one line per failed (status ≥ 500) or slow request, nothing for the rest. */
export function logFailedAndSlowRequests(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    if (status < 500 && ms < SLOW_REQUEST_MS) return;
    const line = `${request.method} ${request.url.split("?")[0]} → ${status} in ${Math.round(ms)} ms`;
    if (status >= 500) request.log.error(line);
    else request.log.warn(`slow: ${line}`);
  });
}
