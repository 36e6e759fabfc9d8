import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createAppContext } from "../create-context";
import { openDatabase } from "../db/client";
import { prepareAppLogin } from "../db/app-login";
import { openAuthDatabase } from "../db/auth-database";
import { openQueueDatabase } from "../db/queue-database";
import type { AppContext } from "../app-context";
import { jobHandlers } from "../job-handlers";
import { createJobWorker } from "../platform/jobs/job-worker";
import type { Mailer, OutgoingMail } from "../platform/mail/mailer";

export const ORIGIN = "http://localhost:3000";

/** The date of birth test people state when a sign-in creates their account (an adult: issue 33's age rules). */
export const ADULT_BIRTH_DATE = "1980-05-17";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every e-mail the app sent, in order. */
  mails: OutgoingMail[];
  /** A superuser connection to this file's database, for checking what is stored and for moving clocks. */
  owner: pg.Client;
  databaseUrl: string;
  /** The job queue's pool (acting as mindprint_worker), for tests of the queue itself. */
  queueDb: AppContext["db"];
  /** Runs every due background job now (embeddings, voice training), as the in-process worker would. */
  drainJobs(): Promise<number>;
  close(): Promise<void>;
}

/** A fresh database copied from the migrated template, and the real app on it with a capturing mailer. */
export async function createTestApp(env: Record<string, string> = {}, overrides: { llm?: AppContext["llm"]; transcriber?: AppContext["transcriber"]; logStream?: NodeJS.WritableStream } = {}): Promise<TestApp> {
  const adminUrl = inject("adminUrl");
  const name = `mindprint_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDatabase")}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-test-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    // The shared consent fixture is not today's statement: the check is tested with its own fixture (voice-consent-check.test.ts).
    VOICE_CONSENT_CHECK: "off",
    ...env,
  });
  const database = openDatabase(await prepareAppLogin(databaseUrl), { max: 4 });
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = { kind: "smtp", send: async (mail) => void mails.push(mail) };
  const { logStream, ...contextOverrides } = overrides;
  const authDatabase = await openAuthDatabase(databaseUrl, { max: 3 });
  const queue = await openQueueDatabase(databaseUrl, { max: 3 });
  const ctx = createAppContext(config, database.db, "external", { authDb: authDatabase.db, mailer, ...contextOverrides });
  const app = await buildApp(ctx, { clientDir: null, ...(logStream ? { logStream } : { logger: false }) });
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  return {
    app,
    ctx,
    mails,
    owner,
    databaseUrl,
    queueDb: queue.db,
    drainJobs: () => createJobWorker(queue.db, jobHandlers(ctx)).drain(),
    async close() {
      await app.close();
      await owner.end();
      await database.close();
      await authDatabase.close();
      await queue.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** POSTs JSON the way our web client does: same-origin Origin header, JSON body. */
export function post(t: TestApp, url: string, body: unknown = {}, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") {
  return t.app.inject({ method: "POST", url, payload: body as object, headers: { origin: ORIGIN, ...headers }, remoteAddress });
}

/** A state-changing JSON request from the signed-in person's browser (same-origin Origin, their cookie). */
export const send = (t: TestApp, method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method, url, payload: payload as object, headers: { origin: ORIGIN, cookie } });

export function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

/** Pulls the token out of the sign-in link in an e-mail (/login/confirm?token=…&next=…). */
export function tokenFromMail(mail: OutgoingMail): string {
  const match = mail.text.match(/\/login\/confirm\?([^\s]+)/);
  if (!match?.[1]) throw new Error(`no sign-in link in mail: ${mail.text}`);
  const token = new URLSearchParams(match[1]).get("token");
  if (!token) throw new Error("no token in link");
  return token;
}

/** The `name=value` part of every Set-Cookie, ready to send back as a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

/** Signs in through the real magic-link round trip and answers the session cookie. */
let nextAddress = 1;

export async function signIn(t: TestApp, email: string): Promise<string> {
  const sent = t.mails.length;
  // Each sign-in comes from its own address so that the per-IP budget never interferes with other tests.
  const request = await post(t, "/api/session/magic-link", { email }, {}, `10.1.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`);
  if (request.statusCode !== 200) throw new Error(`magic link request failed: ${request.body}`);
  const mail = t.mails[sent];
  if (!mail) throw new Error("no mail was sent");
  const confirm = await post(t, "/api/session/magic-link/confirm", { token: tokenFromMail(mail), birthDate: ADULT_BIRTH_DATE });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  return cookieHeader(confirm);
}

/** Signs a new person in and answers their cookie and user id. */
export async function newUser(t: TestApp, email: string): Promise<{ cookie: string; id: string }> {
  const cookie = await signIn(t, email);
  return { cookie, id: (await get(t, "/api/session", cookie)).json().user.id };
}
