import type { OutgoingMail } from "../../platform/mail/mailer";
import { post, type TestApp } from "../../test/harness";
import { findQueuePlace } from "./queue";

let nextIp = 1;
/** A fresh client address per call, so the per-IP join budget only matters in the test about it. */
export const freshIp = () => `10.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

export const join = (t: TestApp, email: string, ref?: string, ip = freshIp()) =>
  post(t, "/api/waitlist", ref === undefined ? { email } : { email, ref }, {}, ip);

export const unsubscribe = (t: TestApp, token: string) => post(t, "/api/waitlist/unsubscribe", { token });

/** Opens the place link of a waitlist e-mail (/waitlist/place#token=…) the way its page does. */
export const placeFromLink = (t: TestApp, token: string) => post(t, "/api/waitlist/place", { token });

/** The place an address's newest waitlist e-mail shows on screen. */
export async function placeFromNewestMail(t: TestApp, email: string) {
  const mail = t.mails.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no waitlist e-mail to ${email}`);
  const response = await placeFromLink(t, placeTokenFrom(mail));
  if (response.statusCode !== 200) throw new Error(`place link failed: ${response.body}`);
  return response.json() as { position: number; total: number; referralCode: string; referralLink: string; foundingMember: boolean };
}

/** The token from the place link of a waitlist e-mail (in the URL fragment, like the unsubscribe link's). */
export function placeTokenFrom(mail: OutgoingMail): string {
  const token = mail.text.match(/\/waitlist\/place#token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no place link in mail: ${mail.text}`);
  return token;
}

/** The token from the unsubscribe link of a confirmation e-mail (it travels in the URL fragment). */
export function unsubscribeTokenFrom(mail: OutgoingMail): string {
  const token = mail.text.match(/\/waitlist\/unsubscribe#token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no unsubscribe link in mail: ${mail.text}`);
  return token;
}

/** The queue as the queue rule computes it for an address (joining again no longer tells anyone): place and total. */
export async function placeOf(t: TestApp, email: string): Promise<{ position: number; total: number }> {
  const entry = await t.owner.query<{ id: string }>(`SELECT id FROM waitlist_entries WHERE email = $1`, [email]);
  const place = entry.rows[0] ? await findQueuePlace(t.ctx.authDb, entry.rows[0].id) : null;
  if (!place) throw new Error(`expected ${email} to be waiting`);
  return place;
}

export const positionOf = async (t: TestApp, email: string) => (await placeOf(t, email)).position;

/** Adds entries straight into the table (join order `seq`), for queues too long to build through the API. */
export async function insertEntries(t: TestApp, fromSeq: number, toSeq: number): Promise<void> {
  await t.owner.query(
    `INSERT INTO waitlist_entries (email, referral_code, signup_seq, founding_member, unsubscribe_token_hash)
     SELECT 'seeded' || s || '@example.com', 'seed' || s, s, s <= 50, 'seeded-hash-' || s FROM generate_series($1::int, $2::int) s`,
    [fromSeq, toSeq],
  );
}
