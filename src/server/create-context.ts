import path from "node:path";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { ensureProfile } from "./features/profile/service";
import { recordSignIn } from "./platform/sign-ins";
import { composeMagicLinkMail } from "./features/session/magic-link-mail";
import { createAuth, sessionCookieName } from "./platform/auth";
import type { AppContext } from "./app-context";
import { createClock } from "./platform/clock";
import { createJobSignal } from "./platform/context";
import { createConcurrencyGate } from "./platform/concurrency-gate";
import { createSessionCache } from "./platform/session-cache";
import { createMailer } from "./platform/mail/create-mailer";
import type { Mailer } from "./platform/mail/mailer";
import { resolveAuthSecret } from "./platform/secret";
import { LocalDiskStorage } from "./platform/storage/local-disk";
import { S3Storage } from "./providers/storage/s3-storage";
import type { Storage } from "./platform/storage/storage";
import { createLanguageModel, llmSettingsFromConfig } from "./providers/llm/create-model";
import { createVoiceEngines, type VoiceEngines } from "./providers/voice/create-voice-engines";
import { createCrisisReader, createTwinReaderEmbedder, type CrisisReader, type Embedder } from "./providers/embeddings";
import { createVectorIndex } from "./features/twin/vector-index";
import { createTranscriber } from "./providers/transcription/create-transcriber";
import type { Transcriber } from "./providers/transcription/transcriber";
import { createCrisisDetector } from "./features/safety";
import { admitNewUser, recordStatedAge } from "./features/age";

/**
 * Wires the parts a request needs. Tests pass their own mailer; the running app picks SMTP or the dev mailbox.
 * `authDb` is the sign-in pool (db/auth-database.ts); a context without it (the heavy-job thread, which never signs
 * anyone in nor sends mail) falls back to `db`, whose role cannot reach the sign-in tables: it fails, it never widens.
 * `mailboxDb` is the dev mailbox's own small sign-in pool: some mail is sent inside a sign-in transaction (so a mail
 * that fails undoes its record), and the mailbox's write must never wait for a second connection of that same pool.
 */
export function createAppContext(
  config: Config,
  db: Database,
  databaseMode: AppContext["databaseMode"],
  overrides: { authDb?: Database; mailboxDb?: Database; mailer?: Mailer; print?: (line: string) => void; llm?: AppContext["llm"]; storage?: Storage; voice?: VoiceEngines; embedder?: Embedder; crisisReader?: CrisisReader | null; transcriber?: Transcriber | null } = {},
): AppContext {
  const authDb = overrides.authDb ?? db;
  const mailer =
    overrides.mailer ?? createMailer(config, overrides.mailboxDb ?? authDb, config.isDev ? (overrides.print ?? ((line) => process.stdout.write(`${line}\n`))) : null);
  const clock = createClock();
  // The age gate needs the auth instance it guards: its hooks run only once a request is being answered.
  const ageDeps = () => ({ authDb, auth, mailer, clock, config });
  const auth = createAuth(config, authDb, resolveAuthSecret(config.AUTH_SECRET, config.dataDir), {
    sendMagicLink: (email, token, callbackURL) => mailer.send(composeMagicLinkMail(config.publicUrl, email, token, callbackURL)),
    beforeUserCreated: (created, endpoint) => admitNewUser(ageDeps(), created, endpoint),
    onUserCreated: async (userId, endpoint) => {
      await ensureProfile(db, userId);
      await recordStatedAge(ageDeps(), userId, endpoint);
    },
    onSignIn: (userId) => recordSignIn(db, userId),
  });
  const llm = overrides.llm ?? { ...createLanguageModel(llmSettingsFromConfig(config)), timeoutMs: config.LLM_TIMEOUT_MS };
  const storage = overrides.storage ?? createStorage(config);
  const voice = overrides.voice ?? createVoiceEngines(config);
  // One of each encoder per process: the ONNX thread holds each model once, shared by requests and jobs.
  const embedder = overrides.embedder ?? processEncoders().twin;
  const transcriber = overrides.transcriber !== undefined ? overrides.transcriber : createTranscriber(config);
  // Every message to a twin passes it before retrieval, read by the crisis reader (decision 0052); a test that gives
  // its own encoder for the twin gets the phrase rules alone unless it gives a crisis reader too.
  const crisis = createCrisisDetector({ reader: overrides.crisisReader !== undefined ? overrides.crisisReader : overrides.embedder ? null : processEncoders().crisis });
  return { config, db, authDb, auth, mailer, databaseMode, llm, storage, voice, embedder, transcriber, crisis, vectorIndex: createVectorIndex(), generationGate: createConcurrencyGate(config.GENERATION_CONCURRENCY, config.GENERATION_CONCURRENCY * 4), sessions: createSessionCache(config.SESSION_CACHE_SECONDS, sessionCookieName(config)), jobs: createJobSignal(), clock };
}

/** The disk of this machine, or the configured bucket (STORAGE=s3: what several app processes on several machines share). */
function createStorage(config: Config): Storage {
  if (config.STORAGE === "local") return new LocalDiskStorage(path.join(config.dataDir, "storage"));
  return new S3Storage({
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
}

// The twin reads with its fine-tuned reader (decision 0051), the crisis check with its own (decision 0052), both over
// the same npm base. Each is loaded once per process, at its first use.
let encoders: { twin: Embedder; crisis: CrisisReader } | null = null;
function processEncoders() {
  return (encoders ??= { twin: createTwinReaderEmbedder(), crisis: createCrisisReader() });
}
