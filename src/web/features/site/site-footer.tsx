import { Link } from "react-router";
import { footerLinks, navLinks } from "./nav-links";

function LinkList({ label, links }: { label: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-ink hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The footer of every public page, with the compliance line the spec asks for. */
export function SiteFooter() {
  return (
    <footer className="mt-24 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div>
          <p className="text-lg font-semibold">Mindprint</p>
          <p className="mt-2 text-sm text-muted">Be Remembered. Be Bold. Your voice, memories and personality, preserved on your terms.</p>
          <p className="mt-4 text-sm">
            <Link to="/login" className="font-medium text-brand-strong underline">
              Log in
            </Link>
          </p>
        </div>
        <LinkList label="Explore" links={navLinks} />
        <LinkList label="Legal" links={footerLinks} />
      </div>
      <div className="border-t border-stone-200">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted sm:px-6">
          SOC 2 and ISO 27001 policies in place, certification pending · GDPR aligned · © Mindprint, Inc.
        </p>
      </div>
    </footer>
  );
}
