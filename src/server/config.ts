import path from "node:path";
import { z } from "zod";
import { BIOMETRIC_DEFAULT_MAX_UPLOAD_MB } from "../contract/biometric-options";
import { DEFAULT_CRISIS_RESOURCES, parseCrisisResources } from "../contract/crisis";

const emailList = z
  .string()
  .default("")
  .transform((raw) =>
    raw
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e.length > 0),
  );

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url({ error: "must be a full URL, e.g. postgres://user:pass@host:5432/db" }).optional());
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

// Which proxies may speak for the client (X-Forwarded-For, -Proto): none by default, a number of hops, or a list of
// addresses and CIDR ranges. "true" is refused: trusting every sender would let anyone choose their own IP address.
const trustProxy = z
  .string()
  .default("false")
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.trim();
    if (value === "" || value === "false" || value === "0") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(",").map((v) => v.trim()).filter(Boolean);
    const address = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]+)(?:\/\d{1,3})?$/i;
    if (value === "true" || list.some((v) => !address.test(v))) {
      ctx.addIssue({ code: "custom", message: "must be false, a number of proxy hops (e.g. 1), or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8)" });
      return z.NEVER;
    }
    return list;
  });

/** Every setting Mindprint reads from the environment. README.md documents each one. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number({ error: "must be a port number (0 to 65535)" }).int().min(0).max(65535).default(3000),
    HOST: z.string().default("127.0.0.1"),
    TRUST_PROXY: trustProxy,
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalUrl,
    EMBEDDED_PG_PORT: z.coerce.number({ error: "must be a port number (1 to 65535)" }).int().min(1).max(65535).default(54329),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default("Mindprint <no-reply@mindprint.local>"),
    ACCESS_MODE: z.enum(["open", "allowlist"]).default("open"),
    ALLOWED_EMAILS: emailList,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
    MAGIC_LINK_IP_LIMIT: z.coerce.number().int().min(1).default(20),
    LLM_PROVIDER: z.enum(["local", "openai-compatible", "anthropic"]).default("local"),
    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    GENERATION_PER_MINUTE: z.coerce.number({ error: "must be a whole number of requests" }).int().min(1).max(10_000).default(20),
    /** Questions to public memorials' twins: per network address in 10 minutes, and for the whole service in 10 minutes. */
    MEMORIAL_IP_LIMIT: z.coerce.number({ error: "must be a whole number of questions" }).int().min(1).max(10_000).default(10),
    MEMORIAL_GLOBAL_LIMIT: z.coerce.number({ error: "must be a whole number of questions" }).int().min(1).max(1_000_000).default(300),
    /**
     * Where a person in crisis is sent (issue 33): entries "Where: what to do" separated by ";", shown in this order.
     * The default names the US 988 Lifeline, Samaritans in the UK and Ireland, and a directory for everywhere else.
     */
    CRISIS_RESOURCES: z
      .string()
      .default(DEFAULT_CRISIS_RESOURCES)
      .refine((v) => parseCrisisResources(v).length > 0, { error: 'must list at least one "Where: what to do" entry, separated by ";"' }),
    GENERATION_CONCURRENCY: z.coerce.number({ error: "must be a whole number of answers" }).int().min(1).max(1000).default(4),
    /** Memory searches one person may have running at once in a process (more answer 429), and how long one may take. */
    SEARCH_CONCURRENCY_PER_PERSON: z.coerce.number({ error: "must be a whole number of searches" }).int().min(1).max(100).default(2),
    SEARCH_TIMEOUT_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(100).max(60_000).default(2000),
    LLM_TIMEOUT_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(1000).max(600_000).default(30_000),
    VOICE_MAX_UPLOAD_MB: z.coerce.number({ error: "must be a number of megabytes" }).positive().max(2048).default(100),
    /** The largest device export (Apple Health, Fitbit, Oura) one upload may be; it is streamed to disk, read, then removed. */
    BIOMETRIC_MAX_UPLOAD_MB: z.coerce.number({ error: "must be a number of megabytes" }).positive().max(65_536).default(BIOMETRIC_DEFAULT_MAX_UPLOAD_MB),
    VOICE_QUOTA_MB: z.coerce.number({ error: "must be a number of megabytes" }).positive().max(1_000_000).default(2048),
    VOICE_PROVIDER: z.enum(["local", "elevenlabs"]).default("local"),
    ELEVENLABS_API_KEY: optionalString,
    ELEVENLABS_BASE_URL: z.url().default("https://api.elevenlabs.io"),
    ELEVENLABS_MODEL: z.string().default("eleven_multilingual_v2"),
    ELEVENLABS_TIMEOUT_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(1000).max(600_000).default(60_000),
    TRANSCRIBE_PROVIDER: z.enum(["auto", "off", "whisper", "pocketsphinx", "openai-compatible"]).default("auto"),
    TRANSCRIBE_BASE_URL: optionalUrl,
    TRANSCRIBE_API_KEY: optionalString,
    TRANSCRIBE_MODEL: z.string().default("whisper-1"),
    TRANSCRIBE_LANGUAGE: optionalString,
    TRANSCRIBE_TIMEOUT_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(1000).max(3_600_000).default(300_000),
    POCKETSPHINX_BIN: z.string().default("/usr/bin/pocketsphinx_continuous"),
    /**
     * Whether a voice consent recording is checked against its statement (issues 33, 43, 46): `auto` (Whisper's words
     * when its package is installed, else PocketSphinx's keyphrases when installed, otherwise accepted and marked "not
     * checked automatically"), `whisper` or `pocketsphinx` (required), or `off`.
     */
    /** This installation's C2PA signer of synthetic speech (decision 0047); unset: made on first use in DATA_DIR. */
    VOICE_MARK_KEY_FILE: optionalString,
    VOICE_MARK_CERT_FILE: optionalString,
    VOICE_CONSENT_CHECK: z.enum(["auto", "whisper", "pocketsphinx", "off"]).default("auto"),
    VOICE_CONSENT_CHECK_TIMEOUT_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(1000).max(600_000).default(60_000),
    JOB_WORKER: z.enum(["in-process", "off"]).default("in-process"),
    // The heap the child process running the heavy jobs (device imports, transcription, voice training) may use: past
    // it the child dies, its job is counted and given back, and the server goes on.
    JOB_PROCESS_MEMORY_MB: z.coerce.number({ error: "must be a whole number of megabytes" }).int().min(128).max(65_536).default(768),
    /** Where recordings, documents and device exports live: this machine's disk, or an S3-compatible bucket (several machines). */
    STORAGE: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: optionalUrl,
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // Browser tests let days pass through POST /api/dev/clock; only a development server started with this on has it.
    DEV_CLOCK: z.enum(["on", "off"]).default("off"),
    // How long a process trusts a session it has checked without asking the database again; a session ended in another
    // process stops working here within this bound (0: ask every time).
    SESSION_CACHE_SECONDS: z.coerce.number({ error: "must be a whole number of seconds" }).int().min(0).max(60).default(5),
    /** On SIGTERM: how long requests in flight (uploads, streams) and a running job may take to finish before the process closes them. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number({ error: "must be a whole number of seconds" }).int().min(0).max(3600).default(30),
    JOB_POLL_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(100).max(600_000).default(2000),
    SERVE_WEB: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  });

/** Rules that tie settings together; checked on the raw environment so they are reported with field errors. */
function crossFieldProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const set = (name: string) => Boolean(env[name]?.trim());
  if (set("GOOGLE_CLIENT_ID") !== set("GOOGLE_CLIENT_SECRET")) {
    problems.push("GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  if (env.LLM_PROVIDER === "openai-compatible" && (!set("LLM_BASE_URL") || !set("LLM_MODEL"))) {
    problems.push("LLM_BASE_URL: LLM_PROVIDER=openai-compatible needs LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY where the server wants one)");
  }
  if (env.LLM_PROVIDER === "anthropic" && (!set("LLM_API_KEY") || !set("LLM_MODEL"))) {
    problems.push("LLM_API_KEY: LLM_PROVIDER=anthropic needs LLM_API_KEY and LLM_MODEL");
  }
  // An upload is copied under its key in one CopyObject, which S3 allows up to 5 GiB.
  if (env.STORAGE === "s3" && Number(env.BIOMETRIC_MAX_UPLOAD_MB ?? 0) > 5120) problems.push("BIOMETRIC_MAX_UPLOAD_MB: with STORAGE=s3 an upload can be at most 5120 MB (S3 copies objects of up to 5 GiB in one request)");
  if (env.STORAGE === "s3" && !set("S3_BUCKET")) problems.push("S3_BUCKET: STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a server other than AWS)");
  if (set("S3_ACCESS_KEY_ID") !== set("S3_SECRET_ACCESS_KEY")) problems.push("S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  if (env.VOICE_PROVIDER === "elevenlabs" && !set("ELEVENLABS_API_KEY")) {
    problems.push("ELEVENLABS_API_KEY: VOICE_PROVIDER=elevenlabs needs ELEVENLABS_API_KEY");
  }
  if (env.TRANSCRIBE_PROVIDER === "whisper" && set("TRANSCRIBE_LANGUAGE") && !/^en(?:glish)?$/i.test(env.TRANSCRIBE_LANGUAGE!.trim())) {
    problems.push("TRANSCRIBE_LANGUAGE: the offline Whisper model hears English only; for another language use TRANSCRIBE_PROVIDER=openai-compatible");
  }
  if (env.TRANSCRIBE_PROVIDER === "openai-compatible" && !set("TRANSCRIBE_BASE_URL")) {
    problems.push("TRANSCRIBE_BASE_URL: TRANSCRIBE_PROVIDER=openai-compatible needs TRANSCRIBE_BASE_URL (and TRANSCRIBE_API_KEY where the server wants one)");
  }
  if (set("VOICE_MARK_KEY_FILE") !== set("VOICE_MARK_CERT_FILE")) {
    problems.push("VOICE_MARK_CERT_FILE: VOICE_MARK_KEY_FILE and VOICE_MARK_CERT_FILE must be set together (the signing key and its certificate chain, PEM)");
  }
  if (env.NODE_ENV === "production" && !set("AUTH_SECRET")) {
    problems.push("AUTH_SECRET: is required in production (32 or more random characters)");
  }
  if (env.NODE_ENV === "production" && !set("SMTP_URL")) {
    problems.push("SMTP_URL: is required in production (sign-in links must be e-mailed, never kept in the development mailbox)");
  }
  if (env.NODE_ENV === "production" && env.DEV_CLOCK === "on") {
    problems.push("DEV_CLOCK: must be off in production (it lets anyone move the legacy clock and sign-in limits; browser tests only)");
  }
  if (env.NODE_ENV === "production" && !set("PUBLIC_URL")) {
    problems.push("PUBLIC_URL: is required in production (the https origin people use)");
  }
  return problems;
}

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends RawConfig {
  publicUrl: string;
  dataDir: string;
  isDev: boolean;
  isProduction: boolean;
  googleEnabled: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Mindprint cannot start: the configuration is not valid.\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment once; throws a ConfigError listing every problem at the same time. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`)),
    ...crossFieldProblems(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const c = parsed.data;
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "");
  return {
    ...c,
    publicUrl,
    dataDir: path.resolve(c.DATA_DIR),
    isDev: c.NODE_ENV !== "production",
    isProduction: c.NODE_ENV === "production",
    googleEnabled: Boolean(c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET),
  };
}
