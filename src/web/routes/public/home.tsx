import { Link, useLocation, type MetaFunction } from "react-router";
import { useSession } from "../../lib/session";
import { Brand } from "../../ui/brand";
import { useLandingRedirect } from "./use-landing-redirect";

export const meta: MetaFunction = () => [
  { title: "Mindprint · Be Remembered. Be Bold." },
  {
    name: "description",
    content: "Mindprint preserves your voice, memories and personality as an AI twin, for yourself or the people you love, and you decide who may reach it.",
  },
  { property: "og:title", content: "Mindprint · Be Remembered. Be Bold." },
  { property: "og:description", content: "Preserve your voice, memories and personality as an AI twin that you control." },
  { property: "og:type", content: "website" },
];

/** The landing page. Its full content is its own issue; the signed-in redirect and the access notice are here. */
export default function Home() {
  useLandingRedirect();
  const location = useLocation();
  const session = useSession().data;
  const signedIn = Boolean(session?.user);
  // The guard passes its reason along; a refused visitor who lands here directly sees the same reason.
  const notice = (location.state as { notice?: string } | null)?.notice ?? (session?.access?.allowed === false ? session.access.reason : null);
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between px-6 py-4">
        <Brand />
        <Link to={signedIn ? "/dashboard" : "/login"} className="rounded-lg bg-brand px-4 py-2 font-medium text-white">
          {signedIn ? "Dashboard" : "Sign in"}
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-6 py-20 text-center">
        {notice && (
          <p role="alert" className="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-amber-900">
            {notice}
          </p>
        )}
        <h1 className="text-5xl font-bold tracking-tight">Be Remembered. Be Bold.</h1>
        <p className="mt-6 text-lg text-muted">
          Mindprint preserves your voice, your memories and the way you think as an AI twin: for yourself, or for the people you love after
          you are gone. You decide who may reach it.
        </p>
      </main>
    </div>
  );
}
