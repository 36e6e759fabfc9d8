import { useQuery } from "@tanstack/react-query";
import type { MetaFunction } from "react-router";
import { PublicLayout } from "../../features/site/public-layout";
import { Spinner } from "../../ui/spinner";
import NotFound from "./not-found";

export const meta: MetaFunction = () => [{ title: "Diagnostics · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

interface Diagnostics {
  version: string;
  node: string;
  environment: string;
  database: string;
  providers: Record<string, string | boolean>;
}

/** Development-only diagnostics; the server does not answer /api/debug in production, so this shows the 404 page. */
export default function Debug() {
  const query = useQuery({
    queryKey: ["debug"],
    retry: false,
    queryFn: async (): Promise<Diagnostics> => {
      const response = await fetch("/api/debug");
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    },
  });
  if (query.isError) return <NotFound />;
  if (!query.data) {
    return (
      <PublicLayout>
        <div className="p-10">
          <Spinner label="Loading diagnostics..." />
        </div>
      </PublicLayout>
    );
  }
  const d = query.data;
  const rows: [string, string][] = [
    ["Version", d.version],
    ["Node.js", d.node],
    ["Environment", d.environment],
    ["Database", d.database],
    ...Object.entries(d.providers).map(([k, v]): [string, string] => [k, String(v)]),
  ];
  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl px-4 pt-12 sm:px-6">
        <h1 className="text-3xl font-bold">Diagnostics</h1>
        <p className="mt-2 text-muted">Development mode only.</p>
        <dl className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-muted">{label}</dt>
              <dd className="font-mono text-sm">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </PublicLayout>
  );
}
