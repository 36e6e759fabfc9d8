/** Cookie consent lives in the browser (`cookiesAccepted`, as the spec names it); nothing is sent before it. */
const KEY = "cookiesAccepted";

export function hasConsent(): boolean {
  try {
    return typeof window !== "undefined" && window.localStorage.getItem(KEY) === "true";
  } catch {
    return false;
  }
}

export function giveConsent(): void {
  try {
    window.localStorage.setItem(KEY, "true");
  } catch {
    /* storage blocked: the banner simply shows again next time */
  }
}
