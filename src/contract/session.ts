import { z } from "zod";
import { ageStatusValues } from "./age-options";
import { birthDateSchema, guardianEmailSchema } from "./age";

export const emailSchema = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(254, "An e-mail address has at most 254 characters.")
  .pipe(z.email({ error: "Enter a valid e-mail address." }));

/**
 * A path inside our own site: starts with one slash, never a scheme or another host. Printable ASCII only, as a
 * browser writes a path (anything else percent-encoded): it ends up in a Location header, which Node refuses to write
 * with "ā" or a control character in it, after the sign-in token was spent.
 */
export const localPathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/, "Must be a path on this site.");

export const requestMagicLinkSchema = z.strictObject({
  email: emailSchema,
  next: localPathSchema.optional(),
});

export const requestMagicLinkResponseSchema = z.object({ message: z.string() });

/** A new address also states a date of birth (and, for 13–17, a guardian's address) before any account exists. */
export const confirmMagicLinkSchema = z.strictObject({
  token: z.string().min(16).max(256),
  next: localPathSchema.optional(),
  birthDate: birthDateSchema.optional(),
  guardianEmail: guardianEmailSchema.optional(),
});

/** `guardianPending`: no account and no session yet; the guardian was e-mailed. */
export const confirmMagicLinkResponseSchema = z.object({ next: z.string(), guardianPending: z.boolean().optional() });

/**
 * Starts Google sign-in. A person whose Google account has no Mindprint account yet is sent back to the login page to
 * state a date of birth (and, for 13–17, a guardian's address), which then travels with the next start (decision 0029).
 */
export const googleStartSchema = z.strictObject({
  next: localPathSchema.optional(),
  birthDate: birthDateSchema.optional(),
  guardianEmail: guardianEmailSchema.optional(),
});
export const googleStartResponseSchema = z.object({ url: z.string() });

export const accessSchema = z.object({
  allowed: z.boolean(),
  reason: z.string().nullable(),
  /**
   * `legacy` when the only reason to let this person in is that someone named them as a legacy contact (allow-list
   * mode): they reach the legacy pages, not the rest of the app.
   */
  scope: z.enum(["full", "legacy"]),
  /** What is known of the person's age; anything but `adult` or `minor-consented` may only state it (at /age). */
  age: z.enum(ageStatusValues),
});

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
});

/** GET /api/session: who is signed in, whether the access policy lets them in, and what sign-in methods exist. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  access: accessSchema.nullable(),
  providers: z.object({ google: z.boolean() }),
  /** "open": anyone may create an account (ACCESS_MODE=open), so the calls to action say "Get started"; "waitlist": by invitation. */
  signUp: z.enum(["open", "waitlist"]),
  /** True when the server runs in development mode (dev pages such as /dev-test and /dev/mailbox exist). */
  devMode: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
