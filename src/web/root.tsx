import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError } from "react-router";
// Linked by hand as the first thing in <head>, so the browser fetches the stylesheet before the scripts it preloads.
import stylesheet from "./app.css?url";
import { useAuthSync } from "./lib/session";
import { dismissToastsOfOtherPages, toasterMounted, toasterWanted } from "./lib/notify";
import { Spinner } from "./ui/spinner";

// Toasts are only raised after an action: the Toaster and its code load with the first one (lib/notify.ts).
const Toaster = lazy<ComponentType>(() =>
  import("sonner").then(
    (m) => ({
      default: function ListeningToaster() {
        // Runs after sonner's own effects, so its Toaster is subscribed before the first toast is sent.
        useEffect(() => toasterMounted(), []);
        // A toast that belongs to one page (scope "page") leaves with it.
        const { pathname } = useLocation();
        useEffect(() => dismissToastsOfOtherPages(pathname), [pathname]);
        return <m.Toaster richColors position="top-center" />;
      },
    }),
    // Its code could not be fetched (offline, or a new version deployed since the page loaded): no toasts, but the
    // page itself stays, with the messages every form also shows inline.
    () => ({ default: () => null }),
  ),
);

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <link rel="stylesheet" href={stylesheet} precedence="high" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function AuthSync() {
  useAuthSync();
  // Marks the document once React has taken over the prerendered HTML (tests wait for it before clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export default function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } }));
  const toasts = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthSync />
      <Outlet />
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}

export function HydrateFallback() {
  return (
    <main className="grid min-h-screen place-items-center">
      <Spinner label="Loading Mindprint..." />
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted">Please reload the page. If it keeps happening, contact support.</p>
      <a className="mt-4 inline-block text-brand underline" href="/">
        Back to the home page
      </a>
    </main>
  );
}
