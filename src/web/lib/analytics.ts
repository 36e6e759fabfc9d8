import type { TrackEvent } from "../../contract/analytics";
import { callApi } from "./api-client";
import { hasConsent } from "./consent";

/** Sends one product event to our own API, only when the visitor has accepted cookies; failures never reach the page. */
export function track(event: TrackEvent): void {
  if (!hasConsent()) return;
  void callApi("trackEvent", event).catch(() => {});
}
