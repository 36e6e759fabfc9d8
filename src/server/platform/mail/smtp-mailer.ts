import nodemailer from "nodemailer";
import type { Mailer, OutgoingMail } from "./mailer";

/** Sends through the SMTP server in SMTP_URL (smtp:// or smtps://; `?ignoreTLS=true` for a local capture server). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
    secure: url.protocol === "smtps:",
    ignoreTLS: url.searchParams.get("ignoreTLS") === "true",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // Some mail goes out inside a transaction (so a mail that fails undoes its record): bound how long a slow relay can
    // hold that connection (nodemailer's defaults are minutes).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    async send(mail: OutgoingMail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
