import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "../src/server/test/free-port";
import { startAppServer } from "./fixtures/app-server";
import { startFakeGoogle } from "./fixtures/fake-google";
import { ensureConsentReadingWav } from "./fixtures/consent-reading-wav";
import { ensureSpokenAnswerWav } from "./fixtures/spoken-answer-wav";
import { ensureOwnerVoiceWav } from "./fixtures/owner-voice-wav";
import { googleAccounts, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } from "./fixtures/google-accounts";
import { startMailCapture } from "./fixtures/mail-capture";

/**
 * Starts what every spec shares: an SMTP capture server, a local OpenID Connect provider standing in for
 * Google, and the built product configured to use both. Workers find them through environment variables.
 */
export default async function globalSetup() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-e2e-shared-"));
  // Before any browser starts: the spoken-answer and heard-consent tests' fake microphones play them.
  await ensureSpokenAnswerWav();
  await ensureConsentReadingWav();
  await ensureOwnerVoiceWav();
  const mailFile = path.join(workDir, "mails.jsonl");
  const mail = await startMailCapture(mailFile);
  const appPort = await findFreePort();
  const google = await startFakeGoogle({
    clientId: GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE_CLIENT_SECRET,
    redirectUris: [`http://localhost:${appPort}/api/auth/callback/google`],
    accounts: googleAccounts,
  });
  const app = await startAppServer(
    {
      SMTP_URL: `smtp://127.0.0.1:${mail.port}?ignoreTLS=true`,
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET,
      GOOGLE_DISCOVERY_URL: google.discoveryUrl,
      MAGIC_LINK_IP_LIMIT: "1000",
      // The development endpoints: sign-in links again at once (POST /api/dev/sign-in-limit). The specs that let days pass
      // do it on servers of their own (fixtures/test.ts), so this one's clock never moves.
      DEV_CLOCK: "on",
    },
    appPort,
  );
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_MAIL_FILE = mailFile;
  process.env.E2E_SMTP_PORT = String(mail.port);
  return async () => {
    await app.stop();
    await google.stop();
    await mail.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
