import crypto from "node:crypto";
import type { AccessDecision } from "./access-policy";
import type { SessionUser } from "./session";

export interface CheckedSession {
  user: SessionUser;
  access: AccessDecision;
}

/**
 * The sessions this process has checked recently, by the SHA-256 of their cookie, so a burst of requests costs one
 * look-up of the session, its user and the access policy instead of one per request. An entry lives at most
 * SESSION_CACHE_SECONDS. Sign-out and account deletion forget their entries here at once; a session ended in another
 * process (or deleted by an operator) stops working here within that bound.
 */
export interface SessionCache {
  get(cookie: string): CheckedSession | undefined;
  set(cookie: string, checked: CheckedSession, notAfter: number): void;
  forgetCookie(cookie: string): void;
  forgetUser(userId: string): void;
}

const MAX_ENTRIES = 10_000;
const keyOf = (cookie: string) => crypto.createHash("sha256").update(cookie).digest("base64url");

export function createSessionCache(ttlSeconds: number, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, CheckedSession & { expiresAt: number }>();
  return {
    get(cookie) {
      if (ttlSeconds === 0) return undefined;
      const key = keyOf(cookie);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return { user: entry.user, access: entry.access };
    },
    set(cookie, checked, notAfter) {
      if (ttlSeconds === 0) return;
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(keyOf(cookie), { ...checked, expiresAt: Math.min(now() + ttlSeconds * 1000, notAfter) });
    },
    forgetCookie(cookie) {
      entries.delete(keyOf(cookie));
    },
    forgetUser(userId) {
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },
  };
}

/** The session cookie's value (signed token) in a request's Cookie header, under either of its names, or null. */
export function sessionCookieOf(headers: Headers): string | null {
  const match = /(?:^|;\s*)(?:__Host-)?mindprint\.session_token=([^;]*)/.exec(headers.get("cookie") ?? "");
  return match?.[1] ? match[1] : null;
}
