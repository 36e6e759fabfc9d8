import crypto from "node:crypto";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { registerAccountRoutes } from "./features/account/routes";
import { registerAgeGates } from "./features/age";
import { registerAgeRoutes } from "./features/age/routes";
import { registerAnalyticsRoutes } from "./features/analytics/routes";
import { registerDevRoutes } from "./features/dev/routes";
import { registerApiDocsRoutes } from "./features/api-docs/routes";
import { requireContractForApiRoutes } from "./platform/contract-routes-only";
import { registerHealthRoutes } from "./features/health/routes";
import { registerMemoryRoutes } from "./features/memories/routes";
import { legacyDeps, memorialRobotsTag } from "./features/legacy";
import { registerLegacyRoutes } from "./features/legacy/routes";
import { registerPersonalityRoutes } from "./features/personality/routes";
import { registerBiometricRoutes } from "./features/biometrics/routes";
import { registerCaptureRoutes } from "./features/capture/routes";
import { registerOverviewRoutes } from "./features/overview/routes";
import { registerExportRoutes } from "./features/data-export/routes";
import { registerTwinRoutes } from "./features/twin/routes";
import { registerVoiceProfileRoutes } from "./features/voice/profile-routes";
import { registerVoiceRoutes } from "./features/voice/routes";
import multipart from "@fastify/multipart";
import { logFailedAndSlowRequests, readableLogStream } from "./platform/dev-log";
import { registerOnboardingRoutes } from "./features/onboarding/routes";
import { registerProfileRoutes } from "./features/profile/routes";
import { registerSessionRoutes } from "./features/session/routes";
import { registerSiteRoutes } from "./features/site/routes";
import { registerWaitlistRoutes } from "./features/waitlist/routes";
import { messages } from "../contract";
import type { AppContext } from "./app-context";
import { installSmallBodyCompression } from "./platform/compress-small";
import { installErrorHandler } from "./platform/error-handler";
import { installOriginCheck } from "./platform/origin-check";
import { installRequestGuards } from "./platform/request-guards";
import { safeErrorForLog } from "./platform/log-safe-error";
import { installSecurityHeaders } from "./platform/security-headers";
import { collectInlineScriptHashes, installWebAssets } from "./platform/web-assets";
import { acceptedRequestId, runWithRequestId } from "./platform/request-context";

const COMPRESS_THRESHOLD = 1024;

// A hop count as proxy-addr reads one: the n proxies nearest to the server are trusted, whatever their address.
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export interface BuildOptions {
  /** The built web app (build/client); null serves the API alone, as the API tests do. */
  clientDir: string | null;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the Fastify app: security plugins, the error envelope, the API routes and the web app. */
export async function buildApp(ctx: AppContext, options: BuildOptions): Promise<FastifyInstance> {
  // In development the terminal is read by a person: readable lines, and requests only when they fail or are slow
  // (the sign-in mail's block then stands out). Production, and tests that read the log, keep one JSON line per event.
  const readable = ctx.config.NODE_ENV === "development" && !options.logStream;
  const app = Fastify({
    disableRequestLogging: readable,
    logger:
      options.logger === false
        ? false
        : {
            level: ctx.config.LOG_LEVEL,
            ...(options.logStream ? { stream: options.logStream } : readable ? { stream: readableLogStream() } : {}),
            // Log paths only: query strings can carry OAuth codes, and headers carry cookies.
            serializers: {
              req: (req) => ({ method: req.method, path: req.url.split("?")[0], id: req.id }),
              res: (res) => ({ statusCode: res.statusCode }),
              // Errors lose their SQL, parameters and quoted values (SECURITY.md 26).
              err: (error) => safeErrorForLog(error) as { type: string; message: string; stack: string },
            },
          },
    // Behind a configured proxy (TRUST_PROXY) its request id is kept when it is a plain token, so its logs and ours tell
    // the same story; from anyone else the header is ignored.
    genReqId: (request) => (ctx.config.TRUST_PROXY !== false ? acceptedRequestId(request.headers["x-request-id"]) : null) ?? crypto.randomUUID(),
    // Router errors (a malformed or overlong address) in the one envelope, never echoing the path back.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = (error as { code?: string }).code === "FST_ERR_MAX_PARAM_LENGTH";
      void reply
        .status(tooLong ? 414 : 400)
        .header("content-type", "application/json; charset=utf-8")
        .send({ error: { code: tooLong ? "url_too_long" : "validation_failed", message: tooLong ? messages.urlTooLong : messages.unreadableBody } });
    },
    // Large enough for the largest memory (10,000 characters, escaped) with its fields; routes that take more (the
    // import) say so themselves. Bodies are read only after the caller is known (platform/http.ts).
    bodyLimit: 128 * 1024,
    // Only configured proxies may set the client's address (SECURITY.md 29): rate limits key on it.
    trustProxy: typeof ctx.config.TRUST_PROXY === "number" ? trustHops(ctx.config.TRUST_PROXY) : ctx.config.TRUST_PROXY,
  });
  // Everything a request does, including the jobs it queues, runs with its id (platform/request-context.ts).
  app.addHook("onRequest", (request, reply, done) => {
    void reply.header("x-request-id", request.id);
    runWithRequestId(request.id, done);
  });
  // Text responses go out compressed. Built files were compressed at build time at the highest level; API answers are
  // compressed per request, where Brotli's default (quality 11) would cost more CPU than the bytes it saves. A 256 KB
  // window (not 4 MB) keeps a streamed export's compressor small: the server grew +8 to +21 MB per 10,000-memory
  // export instead of +19 to +34, for the same 0.7 MB on the wire (bench:vault).
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    zlibOptions: { level: GZIP_LEVEL },
  });
  // JSON answers up to 64 KB (a page of 50 memories is ~25 KB) are compressed in one synchronous call instead of the
  // plugin's stream: same encodings and levels, less CPU, no thread-pool round trip, one write with a Content-Length.
  installSmallBodyCompression(app, { threshold: COMPRESS_THRESHOLD, maxBytes: 64 * 1024, brotliQuality: BROTLI_QUALITY, gzipLevel: GZIP_LEVEL });
  if (readable) logFailedAndSlowRequests(app);
  installErrorHandler(app);
  requireContractForApiRoutes(app);
  installRequestGuards(app);
  // Multipart uploads stream (a file part is read as it arrives); per-route limits are set where a file is read.
  await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 1024 } });
  installOriginCheck(app, ctx.config.publicUrl);
  const scriptHashes = options.clientDir ? collectInlineScriptHashes(options.clientDir) : [];
  await installSecurityHeaders(app, { isProduction: ctx.config.isProduction, scriptHashes });

  registerHealthRoutes(app, ctx);
  registerApiDocsRoutes(app, ctx);
  // Before any route is registered: the age rules wrap the visitor's and the memorial's twin routes as they are added.
  registerAgeGates(app, ctx);
  registerSessionRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerAgeRoutes(app, ctx);
  registerOnboardingRoutes(app, ctx);
  registerMemoryRoutes(app, ctx);
  registerLegacyRoutes(app, ctx);
  registerPersonalityRoutes(app, ctx);
  registerCaptureRoutes(app, ctx);
  registerBiometricRoutes(app, ctx);
  registerOverviewRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerTwinRoutes(app, ctx);
  registerVoiceRoutes(app, ctx);
  registerVoiceProfileRoutes(app, ctx);
  registerWaitlistRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx);
  registerDevRoutes(app, ctx);
  registerSiteRoutes(app, ctx);

  if (options.clientDir) await installWebAssets(app, options.clientDir, ctx.config.publicUrl, memorialRobotsTag(legacyDeps(ctx)), !ctx.config.isProduction);
  return app;
}
