import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth, magicLink } from "better-auth/plugins";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { account, session, user, verification } from "../db/schema";

/** Session lifetimes (SECURITY.md 12): idle expiry slides forward on use; the absolute cap is enforced in resolveSession. */
/** The session cookie's name: `__Host-` prefixed in production (Secure, Path=/, no Domain: SECURITY.md 11). */
export const sessionCookieName = (config: { isProduction: boolean }) => (config.isProduction ? "__Host-mindprint.session_token" : "mindprint.session_token");

export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 14;
export const SESSION_REFRESH_SECONDS = 60 * 60 * 24;
export const SESSION_ABSOLUTE_SECONDS = 60 * 60 * 24 * 30;
export const MAGIC_LINK_TTL_SECONDS = 10 * 60;

/** The Better Auth endpoint a user is being created in (null: created by our own code, outside any endpoint). */
export interface AuthEndpoint {
  path: string;
  headers: Headers | null;
  query: Record<string, unknown>;
}

/** Refuses a user Better Auth is about to create: an OAuth callback sends the browser to its error page with `?error=code`. */
export function refuseUserCreation(code: string, message: string): never {
  throw new APIError("FORBIDDEN", { code, message });
}

const endpointOf = (context: { path?: string; headers?: Headers; request?: Request; query?: unknown } | null | undefined): AuthEndpoint | null =>
  context ? { path: context.path ?? "", headers: context.headers ?? context.request?.headers ?? null, query: (context.query ?? {}) as Record<string, unknown> } : null;

export interface AuthHooks {
  /** Called with the raw link Better Auth built; we mail our own confirmation-page link instead. */
  sendMagicLink(email: string, token: string, callbackURL: string): Promise<void>;
  /** Runs before a user row is written; throwing (refuseUserCreation) writes nothing. */
  beforeUserCreated(created: { email: string; emailVerified: boolean }, endpoint: AuthEndpoint | null): Promise<void>;
  onUserCreated(userId: string, endpoint: AuthEndpoint | null): Promise<void>;
  /** Every new session is a sign-in: recorded apart from the session, which may be deleted later. */
  onSignIn(userId: string): Promise<void>;
}

/** Builds the Better Auth instance: magic link (hashed, 10 minutes, single use) and Google over OpenID Connect. */
export function createAuth(config: Config, db: Database, secret: string, hooks: AuthHooks) {
  const plugins = [
    magicLink({
      storeToken: "hashed",
      expiresIn: MAGIC_LINK_TTL_SECONDS,
      sendMagicLink: async ({ email, token, url }) => {
        const callbackURL = new URL(url).searchParams.get("callbackURL") ?? "/";
        await hooks.sendMagicLink(email, token, callbackURL);
      },
    }),
    ...(config.googleEnabled
      ? [
          genericOAuth({
            config: [
              {
                providerId: "google",
                clientId: config.GOOGLE_CLIENT_ID!,
                clientSecret: config.GOOGLE_CLIENT_SECRET!,
                discoveryUrl: config.GOOGLE_DISCOVERY_URL,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                requireIdTokenVerification: true,
              },
            ],
          }),
        ]
      : []),
  ];
  return betterAuth({
    appName: "Mindprint",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    // Our own PostgreSQL-backed limits guard the sign-in routes; Better Auth's in-memory limiter would not be shared.
    rateLimit: { enabled: false },
    session: { expiresIn: SESSION_IDLE_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    account: { accountLinking: { enabled: true, trustedProviders: [] } },
    advanced: {
      cookiePrefix: "mindprint",
      // In production the session cookie is `__Host-` prefixed (Secure, Path=/, no Domain: SECURITY.md 11);
      // the prefix is in the name itself, so Better Auth's own `__Secure-` prefixing stays off.
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/", secure: config.isProduction },
      ...(config.isProduction ? { cookies: { session_token: { name: sessionCookieName(config) } } } : {}),
    },
    databaseHooks: {
      session: {
        create: {
          after: async (created) => {
            await hooks.onSignIn(created.userId);
          },
        },
      },
      user: {
        create: {
          before: async (created, context) => {
            await hooks.beforeUserCreated({ email: created.email, emailVerified: created.emailVerified }, endpointOf(context));
          },
          after: async (created, context) => {
            await hooks.onUserCreated(created.id, endpointOf(context));
          },
        },
      },
    },
    plugins,
  });
}

export type Auth = ReturnType<typeof createAuth>;
