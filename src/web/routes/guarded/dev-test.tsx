import { useState } from "react";
import { Link, type MetaFunction } from "react-router";
import { ApiError, callApi } from "../../lib/api-client";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";

export const meta: MetaFunction = () => [{ title: "Developer test · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

type FunctionName = "generateMemoryInsight" | "generateValuesSummary";

const FUNCTIONS: Array<{ name: FunctionName; label: string }> = [
  { name: "generateMemoryInsight", label: "generate-memory-insight" },
  { name: "generateValuesSummary", label: "generate-values-summary" },
];

/** One server function: a button, and the raw JSON it answered (or the error) underneath. */
function FunctionCall({ name, label }: { name: FunctionName; label: string }) {
  const [state, setState] = useState<{ busy: boolean; output: string | null }>({ busy: false, output: null });
  async function run() {
    setState({ busy: true, output: null });
    try {
      const result = await callApi(name);
      setState({ busy: false, output: JSON.stringify(result, null, 2) });
    } catch (error) {
      // The spec's wording: "Error: " and the message, or "Unknown error".
      setState({ busy: false, output: error instanceof ApiError || error instanceof Error ? `Error: ${error.message}` : "Unknown error" });
    }
  }
  const outputId = `${label}-output`;
  return (
    <section aria-labelledby={`${label}-heading`} className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id={`${label}-heading`} className="font-mono text-sm font-semibold">
        {label}
      </h2>
      <Button className="mt-3" onClick={() => void run()} disabled={state.busy} aria-controls={outputId}>
        {state.busy ? "Calling..." : `Call ${label}`}
      </Button>
      {/* Focusable, so the keyboard can scroll a long response. */}
      <pre id={outputId} tabIndex={0} aria-label={`${label} response`} aria-live="polite" className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-stone-50 p-3 text-xs" data-testid={outputId}>
        {state.output ?? "No response yet."}
      </pre>
    </section>
  );
}

/** Development-only diagnostics for a signed-in user, as the spec lists them (dashboard.md section 2, Dev test page). */
export default function DevTest() {
  const session = useSession();
  if (!session.data?.devMode) {
    return (
      <main className="mx-auto max-w-xl p-8">
        <h1 className="text-2xl font-semibold">404 - Page Not Found. This page is only available in development mode.</h1>
      </main>
    );
  }
  const user = session.data.user;
  if (!user) return <main className="p-8">Please log in to use this page</main>;
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-4 sm:p-8">
      <p>
        <Link to="/dashboard" className="text-brand-strong underline">
          Back to the dashboard
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Developer test page</h1>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 [&_code]:break-all">
        <dt className="text-muted">User id</dt>
        <dd>
          <code>{user.id}</code>
        </dd>
        <dt className="text-muted">Email</dt>
        <dd>
          <code>{user.email}</code>
        </dd>
        <dt className="text-muted">Access token</dt>
        <dd>
          No access token available
          <span className="block text-sm text-muted">The session lives in an HttpOnly cookie, so scripts on this page cannot read it (by design).</span>
        </dd>
      </dl>
      {FUNCTIONS.map((f) => (
        <FunctionCall key={f.name} {...f} />
      ))}
    </main>
  );
}
