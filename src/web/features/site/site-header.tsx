import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useSession } from "../../lib/session";
import { navLinks } from "./nav-links";
import { useVisitorCta } from "./visitor-cta";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-violet-100 text-brand-strong" : "text-ink hover:bg-stone-100"}`;

/** True once the page has scrolled past `threshold` pixels (the landing bar changes colour there). */
function useScrolledPast(threshold: number, enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold, enabled]);
  return past;
}

/**
 * The public top bar: brand, links with the current one highlighted, "Dashboard", or for a visitor "Get started"
 * or "Join Waitlist" by the access mode, and below 768 px a menu toggle. The landing variant is sticky and turns solid past 50 px.
 * Signed out, "Log in" stays in the bar at every width: a contact coming back months later must find the door.
 */
export function SiteHeader({ variant = "page" }: { variant?: "page" | "landing" }) {
  const location = useLocation();
  const signedIn = Boolean(useSession().data?.user);
  const [open, setOpen] = useState(false);
  const scrolled = useScrolledPast(50, variant === "landing");

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const solid = variant === "page" || scrolled || open;
  const visitorCta = useVisitorCta();
  const cta = signedIn ? { to: "/dashboard", label: "Dashboard" } : visitorCta;
  return (
    <header
      data-scrolled={scrolled || undefined}
      className={`sticky top-0 z-40 transition-colors ${solid ? "border-b border-stone-200 bg-white/95 backdrop-blur" : "bg-transparent"}`}
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link to="/" className="text-xl font-semibold tracking-tight text-ink">
          Mindprint
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {!signedIn && (
            <Link to="/login" className="inline-flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-stone-100">
              Log in
            </Link>
          )}
          <Link to={cta.to} className="hidden rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-strong sm:inline-block">
            {cta.label}
          </Link>
          <button
            type="button"
            className="grid h-11 w-11 place-items-center rounded-lg hover:bg-stone-100 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-stone-200 bg-white px-4 pb-4 md:hidden">
          <ul className="flex flex-col gap-1 pt-2">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={(state) => `${linkClass(state)} flex min-h-11 items-center`} onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {!signedIn && (
              <li>
                <Link to="/login" onClick={() => setOpen(false)} className="flex min-h-11 items-center rounded-md px-3 py-2 font-medium text-ink hover:bg-stone-100">
                  Log in
                </Link>
              </li>
            )}
            <li>
              <Link to={cta.to} onClick={() => setOpen(false)} className="mt-2 block rounded-lg bg-brand px-4 py-2.5 text-center font-medium text-white">
                {cta.label}
              </Link>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
