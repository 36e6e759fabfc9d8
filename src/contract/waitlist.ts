import { z } from "zod";

export const WAITLIST_EMAIL_MAX = 254;
/** Anything longer is refused before any pattern runs, so a huge body cannot make the sanitiser slow. */
const RAW_INPUT_MAX = 1024;
export const REFERRAL_CODE_MAX = 32;
/** How many places one friend who joins with your link moves you up (see the queue rule in ARCHITECTURE.md). */
export const REFERRAL_BONUS = 10;
/** The first this-many signups are founding members. */
export const FOUNDING_MEMBER_LIMIT = 50;

export const waitlistMessages = {
  emailRequired: "Enter your e-mail address.",
  emailInvalid: "Enter a valid e-mail address, like name@example.com.",
  emailUnsafe: "That doesn't look like an e-mail address.",
  emailTooLong: "An e-mail address has at most 254 characters.",
  refInvalid: "This invitation link is not valid. Remove the ref part of the address and try again.",
  rateLimited: "Too many sign-ups from your network. Please wait a few minutes and try again.",
  unsubscribeInvalid: "This unsubscribe link is not valid any more. If you still receive our e-mails, use the link in the newest one.",
  checkInbox: "We have e-mailed the place in the queue and the invitation link to that address. Open the link in the e-mail to see your place here.",
  placeLinkInvalid: "This link is not valid any more. Use the link in the newest waitlist e-mail.",
} as const;

// Checked on the raw value, before anything is stripped: markup like this is an attack, not a typo.
const unsafePatterns = [/<script\b/i, /javascript\s*:/i, /\bon\w+\s*=/i, /<iframe\b/i, /<object\b/i, /<embed\b/i];
const scriptBlock = /<script\b[\s\S]*?<\/script\s*>/gi;
const htmlTag = /<[^>]*>/g;
const simpleEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SanitizedEmail = { ok: true; email: string } | { ok: false; message: string };

/**
 * The waitlist e-mail rule (spec section 5), shared by the browser and the server: refuse script-like raw
 * input, strip HTML tags and script blocks, trim, then require a simple address of at most 254 characters.
 * Case is kept; the server stores addresses in lower case.
 */
export function sanitizeWaitlistEmail(raw: string): SanitizedEmail {
  if (raw.length > RAW_INPUT_MAX) return { ok: false, message: waitlistMessages.emailTooLong };
  if (unsafePatterns.some((pattern) => pattern.test(raw))) return { ok: false, message: waitlistMessages.emailUnsafe };
  const email = raw.replace(scriptBlock, "").replace(htmlTag, "").trim();
  if (email.length === 0) return { ok: false, message: waitlistMessages.emailRequired };
  if (email.length > WAITLIST_EMAIL_MAX) return { ok: false, message: waitlistMessages.emailTooLong };
  if (!simpleEmail.test(email)) return { ok: false, message: waitlistMessages.emailInvalid };
  return { ok: true, email };
}

export const waitlistEmailSchema = z.string({ error: waitlistMessages.emailRequired }).transform((raw, ctx) => {
  const result = sanitizeWaitlistEmail(raw);
  if (result.ok) return result.email;
  ctx.addIssue({ code: "custom", message: result.message });
  return z.NEVER;
});

/** POST /api/waitlist. `ref` is the referral code from a friend's link (/waitlist?ref=CODE). */
export const joinWaitlistSchema = z.strictObject({
  email: waitlistEmailSchema,
  ref: z.string({ error: waitlistMessages.refInvalid }).trim().max(REFERRAL_CODE_MAX, waitlistMessages.refInvalid).optional(),
});

/**
 * A place in the queue, shown only to whoever opened the link in the address's own e-mail
 * (POST /api/waitlist/place with the token from its fragment).
 */
export const waitlistPlaceSchema = z.object({
  position: z.number().int().min(1),
  referralCode: z.string(),
  referralLink: z.string(),
  foundingMember: z.boolean(),
  /** How many people are waiting (not unsubscribed), the caller included. */
  total: z.number().int().min(1),
});
export type WaitlistPlace = z.infer<typeof waitlistPlaceSchema>;

/**
 * 202, the same for a new address and for one already waiting (SECURITY.md 38): whoever typed it may not own it, and
 * any figure from the queue would differ between the two (a new entry lengthens the queue, a known one does not). The
 * place and the invitation link go to the address by e-mail, with a link that shows the place on screen.
 */
export const joinWaitlistResponseSchema = z.object({ emailed: z.literal(true) });
export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponseSchema>;

/** The token from the fragment of a waitlist e-mail's link: its place (/waitlist/place#token=…) or its unsubscribe link. */
export const waitlistTokenSchema = z.strictObject({
  token: z
    .string({ error: waitlistMessages.placeLinkInvalid })
    .min(16, waitlistMessages.placeLinkInvalid)
    .max(256, waitlistMessages.placeLinkInvalid),
});

/** POST /api/waitlist/unsubscribe: the token comes from the fragment of the e-mail's link (/waitlist/unsubscribe#token=…). */
export const unsubscribeWaitlistSchema = z.strictObject({
  token: z
    .string({ error: waitlistMessages.unsubscribeInvalid })
    .min(16, waitlistMessages.unsubscribeInvalid)
    .max(256, waitlistMessages.unsubscribeInvalid),
});
