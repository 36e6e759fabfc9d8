import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Security headers for every response (SECURITY.md 22, 23). Scripts run only from our origin or, for the
 * few inline bootstrap scripts React Router writes into prerendered pages, by their exact SHA-256 hash.
 */
export async function installSecurityHeaders(app: FastifyInstance, opts: { isProduction: boolean; scriptHashes: string[] }) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...opts.scriptHashes.map((h) => `'${h}'`)],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "media-src": ["'self'", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
      },
    },
    hsts: opts.isProduction ? { maxAge: 31536000, includeSubDomains: true, preload: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    // frame-ancestors 'none' forbids all framing; helmet's default X-Frame-Options SAMEORIGIN would say otherwise.
    frameguard: { action: "deny" },
  });
}
