import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export type SmallBodyEncoding = "br" | "gzip";

export interface SmallBodyCompression {
  /** Bodies shorter than this go out as they are (as @fastify/compress's threshold). */
  threshold: number;
  /** Bodies longer than this are left to @fastify/compress's streaming path, off the event loop. */
  maxBytes: number;
  brotliQuality: number;
  gzipLevel: number;
}

/**
 * The encoding to answer with for an Accept-Encoding header: Brotli over gzip (the server's preference, as
 * @fastify/compress's encodings: ["br", "gzip"]), a coding the client gave q=0 never, `*` standing for any coding it did
 * not name, `x-gzip` for gzip. Null when neither is acceptable or the header is missing.
 */
export function negotiateEncoding(header: string | string[] | undefined): SmallBodyEncoding | null {
  if (header === undefined) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : header).toLowerCase().split(",")) {
    const [rawName, ...params] = part.split(";").map((s) => s.trim());
    if (!rawName) continue;
    const name = rawName === "x-gzip" ? "gzip" : rawName;
    let q = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (!Number.isFinite(q)) q = 0;
    weights.set(name, Math.max(weights.get(name) ?? 0, q));
  }
  const weightOf = (coding: SmallBodyEncoding) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? "br" : "gzip";
}

const isJson = (type: unknown) => typeof type === "string" && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader("vary");
  if (current === undefined) {
    reply.header("vary", "accept-encoding");
    return;
  }
  const values = (Array.isArray(current) ? current.join(",") : String(current)).split(",").map((v) => v.trim());
  if (!values.some((v) => v === "*" || v.toLowerCase() === "accept-encoding")) reply.header("vary", [...values, "accept-encoding"].join(", "));
}

/**
 * Compresses the API's JSON answers in one synchronous call, before @fastify/compress sees them (an instance onSend
 * hook runs before the plugin's route hooks, and the plugin passes on a body that already has a Content-Encoding).
 * A page of memories is some 25 KB, which Brotli at quality 4 compresses in about 0.3 ms; through the plugin's
 * stream it took a round trip through the thread pool and went out in chunks, costing several times that in CPU and
 * milliseconds of latency. Anything that is not a JSON string or buffer of at most `maxBytes` (streams such as the
 * export, files, HTML) is left to the plugin unchanged.
 */
export function installSmallBodyCompression(app: FastifyInstance, options: SmallBodyCompression): void {
  const brotliParams = { [zlib.constants.BROTLI_PARAM_QUALITY]: options.brotliQuality };
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (!isJson(reply.getHeader("content-type")) || reply.hasHeader("content-encoding") || reply.hasHeader("content-range")) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304 || request.method === "HEAD") return payload;
    if (request.headers["x-no-compression"] !== undefined) return payload;
    const length = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
    if (length < options.threshold || length > options.maxBytes) return payload;
    addVary(reply);
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    const body =
      encoding === "br"
        ? zlib.brotliCompressSync(payload, { params: { ...brotliParams, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length } })
        : zlib.gzipSync(payload, { level: options.gzipLevel });
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return body;
  });
}
