import type { Config } from "../config";
import { messages } from "../../contract";

export interface AccessDecision {
  allowed: boolean;
  reason: string | null;
}

/** Normalises an address the way every comparison in the app does: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Decides whether a signed-in address may use the guarded app. `open` lets everyone in;
 * `allowlist` lets in the configured addresses, compared ignoring case and surrounding whitespace.
 */
export function decideAccess(config: Pick<Config, "ACCESS_MODE" | "ALLOWED_EMAILS">, email: string): AccessDecision {
  if (config.ACCESS_MODE === "open") return { allowed: true, reason: null };
  const allowed = config.ALLOWED_EMAILS.includes(normaliseEmail(email));
  return allowed ? { allowed, reason: null } : { allowed, reason: messages.accessDenied };
}
