import { Menu, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Outlet, useLocation, type MetaFunction } from "react-router";
import { SideMenu } from "../../features/dashboard/side-menu";
import { PendingReleaseBanner } from "../../features/legacy/pending-release-banner";
import { SidePanel } from "../../features/dashboard/side-panel";
import { useEdgeSwipe } from "../../features/dashboard/use-edge-swipe";
import { useSession, useSignOut } from "../../lib/session";
import { Brand } from "../../ui/brand";
import { Button } from "../../ui/button";

export const meta: MetaFunction = () => [{ title: "Dashboard · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** The dashboard frame: header with the e-mail and Sign Out, the side menu (a drawer below 768 px), the side panel. */
export default function DashboardLayout() {
  const email = useSession().data?.user?.email ?? "";
  const signOut = useSignOut();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const setOpen = useCallback((open: boolean) => setDrawerOpen(open), []);
  useEdgeSwipe(drawerOpen, setOpen);
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  // The drawer is a native modal dialog: the browser keeps focus inside it, closes it on Escape and gives focus back
  // to the menu button when it closes.
  const drawer = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = drawer.current;
    if (!dialog) return;
    if (drawerOpen && !dialog.open) dialog.showModal();
    if (!drawerOpen && dialog.open) dialog.close();
  }, [drawerOpen]);

  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3 sm:px-6">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="grid h-11 w-11 place-items-center rounded-lg hover:bg-stone-100 md:hidden"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-controls="dashboard-drawer"
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" />
          </button>
          <Brand />
        </div>
        <div className="flex items-center gap-3">
          <span className="hidden text-sm sm:inline" data-testid="signed-in-email">
            {email}
          </span>
          <Button variant="secondary" onClick={signOut}>
            Sign Out
          </Button>
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-[15rem_1fr] lg:grid-cols-[15rem_1fr_16rem]">
        <div className="hidden md:block">
          <SideMenu />
        </div>
        <main className="min-w-0">
          <PendingReleaseBanner />
          <Outlet />
        </main>
        <div className="hidden lg:block">
          <SidePanel />
        </div>
      </div>
      <dialog
        ref={drawer}
        id="dashboard-drawer"
        aria-label="Dashboard menu"
        onClose={() => setDrawerOpen(false)}
        className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-transparent open:block md:hidden"
      >
        <div data-testid="drawer-overlay" className="absolute inset-0 bg-black/40" onClick={() => setDrawerOpen(false)} aria-hidden="true" />
        <div className="absolute inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl">
          <div className="mb-4 flex items-center justify-between">
            <Brand />
            <button type="button" aria-label="Close menu" onClick={() => setDrawerOpen(false)} className="grid h-11 w-11 place-items-center rounded-lg hover:bg-stone-100">
              <X aria-hidden="true" />
            </button>
          </div>
          {drawerOpen && (
            <>
              <SideMenu onNavigate={() => setDrawerOpen(false)} />
              <div className="mt-6">
                <SidePanel />
              </div>
            </>
          )}
        </div>
      </dialog>
    </div>
  );
}
