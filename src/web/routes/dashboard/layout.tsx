import { Outlet, type MetaFunction } from "react-router";
import { useSession, useSignOut } from "../../lib/session";
import { Brand } from "../../ui/brand";
import { Button } from "../../ui/button";

export const meta: MetaFunction = () => [{ title: "Dashboard · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** The dashboard frame: who is signed in, and Sign Out. The sections themselves are their own issues. */
export default function DashboardLayout() {
  const email = useSession().data?.user?.email ?? "";
  const signOut = useSignOut();
  return (
    <div className="min-h-screen">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 bg-white px-6 py-3">
        <Brand />
        <div className="flex items-center gap-4">
          <span className="text-sm" data-testid="signed-in-email">
            {email}
          </span>
          <Button variant="secondary" onClick={signOut}>
            Sign Out
          </Button>
        </div>
      </header>
      <Outlet />
    </div>
  );
}
