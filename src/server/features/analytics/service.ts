import { analyticsMessages, type AnalyticsEventName } from "../../../contract";
import { analyticsEvents } from "../../db/schema";
import type { Caller } from "../../platform/caller";
import type { AppContext } from "../../app-context";
import { consumeRateLimit } from "../../platform/rate-limit";

/** Generous: a visitor clicking through every module and step several times stays far below it; a script does not. */
const EVENTS_PER_IP = 300;
const USER_AGENT_MAX = 512;

interface ValidEvent {
  name: AnalyticsEventName;
  source: string;
  properties: Record<string, string>;
}

/** Stores one validated landing-page event with the browser's user agent (truncated) and the server's clock; never an IP or user id. */
export async function recordAnalyticsEvent(ctx: AppContext, caller: Caller, event: ValidEvent): Promise<{ ok: true }> {
  await consumeRateLimit(ctx.db, { key: `events:ip:${caller.network}`, limit: EVENTS_PER_IP, windowSeconds: 600, message: analyticsMessages.rateLimited });
  const userAgent = caller.headers.get("user-agent")?.slice(0, USER_AGENT_MAX) || null;
  await ctx.db.insert(analyticsEvents).values({ name: event.name, source: event.source, properties: event.properties, userAgent });
  return { ok: true };
}
