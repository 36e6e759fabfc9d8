import type { MetaFunction } from "react-router";
import { useSession } from "../../lib/session";

export const meta: MetaFunction = () => [{ title: "Developer test · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Development-only diagnostics for a signed-in user. Its server-function buttons arrive with the dashboard issue. */
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
    <main className="mx-auto max-w-2xl space-y-2 p-8">
      <h1 className="text-2xl font-semibold">Developer test page</h1>
      <p>
        User id: <code>{user.id}</code>
      </p>
      <p>
        Email: <code>{user.email}</code>
      </p>
      <p className="text-muted">Sessions live in an HttpOnly cookie, so no access token is visible to this page.</p>
    </main>
  );
}
