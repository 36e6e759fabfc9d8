import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSession, useSignOut } from "../../lib/session";
import { Brand } from "../../ui/brand";
import { Button } from "../../ui/button";

/** The frame of a legacy contact's pages: the brand, who is signed in, Sign Out, and the page in one <main>. */
export function ContactFrame({ children }: { children: ReactNode }) {
  const email = useSession().data?.user?.email ?? "";
  const signOut = useSignOut();
  return (
    <div className="min-h-screen">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3 sm:px-6">
        <Link to="/legacy" aria-label="Mindprint legacy home">
          <Brand />
        </Link>
        {email && (
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-muted sm:inline">{email}</span>
            <Button variant="secondary" onClick={() => void signOut()}>
              Sign Out
            </Button>
          </div>
        )}
      </header>
      <main className="mx-auto grid max-w-2xl gap-4 px-4 py-8">{children}</main>
    </div>
  );
}
