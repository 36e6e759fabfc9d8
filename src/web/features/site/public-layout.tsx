import type { ReactNode } from "react";
import { CookieBanner } from "./cookie-banner";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The shared frame of the public pages: top bar, the page, footer. */
export function PublicLayout({ children, variant = "page" }: { children: ReactNode; variant?: "page" | "landing" }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader variant={variant} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <CookieBanner />
    </div>
  );
}
