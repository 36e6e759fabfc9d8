import crypto from "node:crypto";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { registerAccountRoutes } from "./features/account/routes";
import { registerAnalyticsRoutes } from "./features/analytics/routes";
import { registerDevRoutes } from "./features/dev/routes";
import { registerHealthRoutes } from "./features/health/routes";
import { registerMemoryRoutes } from "./features/memories/routes";
import { registerOverviewRoutes } from "./features/overview/routes";
import { registerExportRoutes } from "./features/data-export/routes";
import { registerTwinRoutes } from "./features/twin/routes";
import { registerVoiceProfileRoutes } from "./features/voice/profile-routes";
import { registerVoiceRoutes } from "./features/voice/routes";
import multipart from "@fastify/multipart";
import { registerOnboardingRoutes } from "./features/onboarding/routes";
import { registerProfileRoutes } from "./features/profile/routes";
import { registerSessionRoutes } from "./features/session/routes";
import { registerSiteRoutes } from "./features/site/routes";
import { registerWaitlistRoutes } from "./features/waitlist/routes";
import type { AppContext } from "./platform/context";
import { installSmallBodyCompression } from "./platform/compress-small";
import { installErrorHandler } from "./platform/error-handler";
import { installOriginCheck } from "./platform/origin-check";
import { installSecurityHeaders } from "./platform/security-headers";
import { collectInlineScriptHashes, installWebAssets } from "./platform/web-assets";

const COMPRESS_THRESHOLD = 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export interface BuildOptions {
  /** The built web app (build/client); null serves the API alone, as the API tests do. */
  clientDir: string | null;
  logger?: boolean;
}

/** Builds the Fastify app: security plugins, the error envelope, the API routes and the web app. */
export async function buildApp(ctx: AppContext, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: ctx.config.LOG_LEVEL,
            // Log paths only: query strings can carry OAuth codes, and headers carry cookies.
            serializers: {
              req: (req) => ({ method: req.method, path: req.url.split("?")[0], id: req.id }),
              res: (res) => ({ statusCode: res.statusCode }),
            },
          },
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: ctx.config.isProduction,
  });
  // Text responses go out compressed. Built files were compressed at build time at the highest level; API answers are
  // compressed per request, where Brotli's default (quality 11) would cost more CPU than the bytes it saves.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
  // JSON answers up to 64 KB (a page of 50 memories is ~25 KB) are compressed in one synchronous call instead of the
  // plugin's stream: same encodings and levels, less CPU, no thread-pool round trip, one write with a Content-Length.
  installSmallBodyCompression(app, { threshold: COMPRESS_THRESHOLD, maxBytes: 64 * 1024, brotliQuality: BROTLI_QUALITY, gzipLevel: GZIP_LEVEL });
  installErrorHandler(app);
  // Multipart uploads stream (a file part is read as it arrives); per-route limits are set where a file is read.
  await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 1024 } });
  installOriginCheck(app, ctx.config.publicUrl);
  const scriptHashes = options.clientDir ? collectInlineScriptHashes(options.clientDir) : [];
  await installSecurityHeaders(app, { isProduction: ctx.config.isProduction, scriptHashes });

  registerHealthRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerOnboardingRoutes(app, ctx);
  registerMemoryRoutes(app, ctx);
  registerOverviewRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerTwinRoutes(app, ctx);
  registerVoiceRoutes(app, ctx);
  registerVoiceProfileRoutes(app, ctx);
  registerWaitlistRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx);
  registerDevRoutes(app, ctx);
  registerSiteRoutes(app, ctx);

  if (options.clientDir) await installWebAssets(app, options.clientDir);
  return app;
}
