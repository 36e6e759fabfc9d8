import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { appPagePatterns, devPagePatterns } from "../../contract/public-routes";
import type { FastifyInstance } from "fastify";
import { toLocationHeader } from "./location-header";

/** SHA-256 hashes (CSP form) of every inline <script> in the built HTML files. */
export function collectInlineScriptHashes(clientDir: string): string[] {
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".html")) {
        const html = fs.readFileSync(full, "utf8");
        for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
          const body = match[1] ?? "";
          if (body.length > 0) hashes.add(`sha256-${crypto.createHash("sha256").update(body).digest("base64")}`);
        }
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir);
  return [...hashes];
}

/**
 * Serves the built web app: files as they are (hashed assets cached for a year), a prerendered
 * `path/index.html` where one exists, the SPA fallback for other page routes, and 404 for missing assets.
 */
export async function installWebAssets(
  app: FastifyInstance,
  clientDir: string,
  publicUrl?: string,
  /** An X-Robots-Tag for an app page that must not be indexed, e.g. a memorial whose owner did not allow it. */
  robotsTag: (urlPath: string) => Promise<string | null> = async () => null,
  /** Whether the development pages (/debug, /dev-test) are pages here: never in production. */
  servesDevPages = false,
): Promise<void> {
  const pagePatterns = servesDevPages ? [...appPagePatterns, ...devPagePatterns] : appPagePatterns;
  // A page opened on another name of this server (127.0.0.1 for localhost, an IP address, an old domain) moves to the
  // public origin: sign-in and every state-changing request only work there, so nobody lands where they would fail.
  if (publicUrl) {
    const canonical = new URL(publicUrl);
    app.addHook("onRequest", async (request, reply) => {
      if (request.method !== "GET" && request.method !== "HEAD") return;
      if (request.url.startsWith("/api/")) return;
      if (request.hostname === canonical.hostname) return;
      return reply.redirect(`${canonical.origin}${toLocationHeader(request.url)}`, 308);
    });
  }
  if (!fs.existsSync(path.join(clientDir, "__spa-fallback.html"))) {
    throw new Error(`The web app is not built (${clientDir} has no __spa-fallback.html). Run \`npm run build\` first.`);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    index: ["index.html"],
    wildcard: false,
    // scripts/precompress-assets.ts wrote .br and .gz copies at build time.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("cache-control", "public, max-age=31536000, immutable");
      else res.header("cache-control", "no-cache");
    },
  });
  app.get("/*", async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split("?")[0] ?? "/");
    if (urlPath.startsWith("/api/")) return reply.callNotFound();
    const relative = path.normalize(urlPath).replace(/^(\.\.(\/|\\|$))+/, "");
    const prerendered = path.join(clientDir, relative, "index.html");
    if (prerendered.startsWith(clientDir) && fs.existsSync(prerendered)) {
      return reply.header("cache-control", "no-cache").sendFile(path.relative(clientDir, prerendered));
    }
    if (path.extname(relative)) return reply.callNotFound();
    // A page the app does not have still gets the app (its "not found" page), with the status that says so.
    const known = pagePatterns.some((pattern) => pattern.test(urlPath));
    const robots = known ? await robotsTag(urlPath) : null;
    if (robots) reply.header("x-robots-tag", robots);
    return reply.status(known ? 200 : 404).header("cache-control", "no-cache").sendFile("__spa-fallback.html");
  });
}
