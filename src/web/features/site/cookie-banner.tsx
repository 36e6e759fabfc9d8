import { useEffect, useState } from "react";
import { Link } from "react-router";
import { giveConsent, hasConsent } from "../../lib/consent";

/** Shown until the visitor accepts; Accept or Escape stores consent (cookiesAccepted=true) and hides it. */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(!hasConsent()), []);
  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => {
      // An Escape that closes a dialog or menu belongs to that control, not to the cookie question.
      const handledElsewhere = event.defaultPrevented || (event.target instanceof Element && event.target.closest("dialog, #mobile-menu"));
      if (event.key === "Escape" && !handledElsewhere) {
        giveConsent();
        setVisible(false);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [visible]);
  if (!visible) return null;
  return (
    <section
      role="region"
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-2xl border border-stone-200 bg-white p-4 shadow-lg sm:flex sm:items-center sm:gap-4"
    >
      <p className="text-sm text-ink">
        We use one essential sign-in cookie and, with your permission, a few first-party analytics events (no advertising, no third-party
        trackers). <Link to="/cookies" className="underline">Cookie Policy</Link>
      </p>
      <button
        type="button"
        onClick={() => {
          giveConsent();
          setVisible(false);
        }}
        className="mt-3 shrink-0 rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-strong sm:mt-0"
      >
        Accept
      </button>
    </section>
  );
}
