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
  /** The session cookie's value (signed token) in a request's Cookie header, under the one name sign-in sets, or null. */
  cookieOf(headers: Headers): string | null;
  /** A mark to take before checking a session; `set` refuses an entry checked before a later forget. */
  mark(): number;
  get(cookie: string): CheckedSession | undefined;
  set(cookie: string, checked: CheckedSession, notAfter: number, markedAt: number): void;
  forgetCookie(cookie: string): void;
  forgetUser(userId: string): void;
}

const MAX_ENTRIES = 10_000;
const keyOf = (cookie: string) => crypto.createHash("sha256").update(cookie).digest("base64url");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `cookieName` is the session cookie's name as Better Auth is configured (`__Host-mindprint.session_token` in
 * production): the cache keys on exactly the cookie Better Auth reads, the first of that name, as it does.
 */
export function createSessionCache(ttlSeconds: number, cookieName: string, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, CheckedSession & { expiresAt: number }>();
  const cookiePattern = new RegExp(`(?:^|;\\s*)${escapeRegExp(cookieName)}=([^;]*)`);
  // Every forget moves the mark on: a check that started before it (it may have read the session just before the
  // sign-out or deletion) must not put its answer back afterwards.
  let forgets = 0;
  return {
    cookieOf(headers) {
      const value = cookiePattern.exec(headers.get("cookie") ?? "")?.[1];
      return value ? value : null;
    },
    mark: () => forgets,
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
    set(cookie, checked, notAfter, markedAt) {
      if (ttlSeconds === 0 || markedAt !== forgets) return;
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(keyOf(cookie), { ...checked, expiresAt: Math.min(now() + ttlSeconds * 1000, notAfter) });
    },
    forgetCookie(cookie) {
      forgets++;
      entries.delete(keyOf(cookie));
    },
    forgetUser(userId) {
      forgets++;
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },
  };
}
