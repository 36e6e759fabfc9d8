import crypto from "node:crypto";
import { messages, type SessionResponse } from "../../../contract";
import { normaliseEmail } from "../../platform/access-policy";
import type { Caller, WithCookies } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { consumeRateLimit, releaseRateLimit } from "../../platform/rate-limit";
import { checkSession } from "../../platform/session";
import { admitSignUp, checkGoogleAgeStatement, googleAgeCookie, recordSignUpAge } from "../age";

const hashKey = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
/** The counter of one address's sign-in links: one a minute. */
const addressKeyOf = (email: string) => `magic-link:email:${hashKey(normaliseEmail(email))}`;

/** Lets the minute between one address's sign-in links pass at once (development browser tests only, POST /api/dev/sign-in-limit). */
export function forgetSignInLinkWait(ctx: AppContext, email: string): Promise<void> {
  return releaseRateLimit(ctx.db, addressKeyOf(email));
}

/**
 * Sends a sign-in link. Known and unknown addresses get the same answer (a new account is only made
 * when the link is used); at most one link per address per 60 s and a per-IP budget.
 */
export async function requestMagicLink(ctx: AppContext, caller: Caller, input: { email: string; next?: string }) {
  const email = normaliseEmail(input.email);
  await consumeRateLimit(ctx.db, { key: `magic-link:ip:${caller.network}`, limit: ctx.config.MAGIC_LINK_IP_LIMIT, windowSeconds: 600, message: messages.magicLinkPerIp });
  const addressKey = addressKeyOf(email);
  await consumeRateLimit(ctx.db, { key: addressKey, limit: 1, windowSeconds: 60, message: messages.magicLinkPerAddress });
  try {
    await ctx.auth.api.signInMagicLink({ body: { email, callbackURL: input.next ?? "/" }, headers: caller.headers });
  } catch (error) {
    // The mail relay failed: nothing was sent, so the person may try again at once.
    caller.log.error({ err: error }, "sending the sign-in e-mail failed");
    await releaseRateLimit(ctx.db, addressKey);
    throw new AppError("mail_unavailable", messages.mailUnavailable);
  }
  return { message: messages.magicLinkSent };
}

/**
 * Spends a sign-in token once and starts a session (a fresh session id every time). A token that would create an
 * account first passes the age rules (features/age): under 13 nothing is kept; 13–17 wait for a guardian, with no
 * account and no session (`guardianPending`); adults get their account with the stated date of birth.
 */
export async function confirmMagicLink(
  ctx: AppContext,
  caller: Caller,
  input: { token: string; birthDate?: string; guardianEmail?: string },
): Promise<WithCookies<{ guardianPending: boolean }>> {
  const admitted = await admitSignUp(ctx, input.token, input);
  if (!admitted.proceed) return { answer: { guardianPending: true }, setCookies: [] };
  const url = new URL("/api/auth/magic-link/verify", ctx.config.publicUrl);
  url.searchParams.set("token", input.token);
  const headers = new Headers(caller.headers);
  headers.delete("content-length");
  headers.delete("content-type");
  const response = await ctx.auth.handler(new Request(url, { headers }));
  if (response.status !== 200) throw new AppError("link_invalid", messages.linkInvalid);
  if (admitted.newAccount) await recordSignUpAge(ctx, admitted.newAccount);
  return { answer: { guardianPending: false }, setCookies: response.headers.getSetCookie() };
}

/**
 * Starts Google sign-in: answers the provider's authorisation URL (with PKCE, state and nonce) to navigate to. A stated
 * age (asked when Google's account turned out to be new) is checked first and carried to that request's callback.
 */
export async function startGoogleSignIn(
  ctx: AppContext,
  caller: Caller,
  input: { next?: string; birthDate?: string; guardianEmail?: string },
): Promise<WithCookies<{ url: string }>> {
  const { next } = input;
  if (!ctx.config.googleEnabled) throw new AppError("provider_not_configured", messages.googleUnavailable);
  checkGoogleAgeStatement(ctx, input);
  await consumeRateLimit(ctx.db, { key: `google:ip:${caller.network}`, limit: ctx.config.MAGIC_LINK_IP_LIMIT, windowSeconds: 600, message: messages.magicLinkPerIp });
  const response = await ctx.auth.api.signInSocial({
    body: { provider: "google", callbackURL: next ?? "/", errorCallbackURL: "/login?provider=google" },
    headers: caller.headers,
    asResponse: true,
  });
  const body = (await response.json()) as { url?: string };
  if (!response.ok || !body.url) throw new AppError("provider_not_configured", messages.googleUnavailable);
  const state = new URL(body.url).searchParams.get("state") ?? "";
  return { answer: { url: body.url }, setCookies: [...response.headers.getSetCookie(), await googleAgeCookie(ctx, state, input)] };
}

/** Ends the session on the server, so the old cookie is worthless, and clears it in the browser. */
export async function signOut(ctx: AppContext, caller: Caller): Promise<WithCookies<{ ok: true }>> {
  const cookie = ctx.sessions.cookieOf(caller.headers);
  const response = await ctx.auth.api.signOut({ headers: caller.headers, asResponse: true });
  // After the row is gone, so no check that read it before can put it back (the cache refuses entries older than this).
  if (cookie) ctx.sessions.forgetCookie(cookie);
  return { answer: { ok: true }, setCookies: response.headers.getSetCookie() };
}

/** Who is signed in, whether the access policy admits them, and which sign-in methods this server offers. */
export async function describeSession(ctx: AppContext, caller: Caller): Promise<SessionResponse> {
  // The same check (and cache entry) every other route uses: one look-up for the session and the access policy.
  const checked = await checkSession(ctx, caller.headers);
  return {
    user: checked?.user ?? null,
    access: checked?.access ?? null,
    providers: { google: ctx.config.googleEnabled },
    signUp: ctx.config.ACCESS_MODE === "open" ? "open" : "waitlist",
    devMode: ctx.config.isDev,
  };
}
