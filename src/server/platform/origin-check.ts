import type { FastifyInstance } from "fastify";
import { messages } from "../../contract";
import { AppError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that do not come from our own origin (SECURITY.md 24): the Origin header must
 * equal ours, or, when a browser sends none, Sec-Fetch-Site must be same-origin. Every non-safe method on every path
 * is checked: the router decodes percent-encoding ("/%61pi/…" reaches "/api/…"), so a check by path prefix could be
 * walked around.
 */
export function installOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const ours = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"];
    const allowed = origin ? origin === ours : fetchSite === "same-origin";
    if (!allowed) throw new AppError("origin_rejected", messages.originRejected);
  });
}
