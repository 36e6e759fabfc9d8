import { useQuery } from "@tanstack/react-query";
import { Button } from "../../ui/button";
import { FormulaLink } from "../../ui/formula-link";
import { Spinner } from "../../ui/spinner";
import { exportSummaryQuery } from "../../lib/queries";

const oneDecimal = (value: number) => value.toFixed(1);

/** The four figures (sessions, voice hours, memories, total MB) and the list of what an export contains. */
export function ExportSummary() {
  const query = useQuery(exportSummaryQuery);
  if (query.isPending) return <Spinner label="Loading what you have recorded…" />;
  if (query.isError)
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
        <p className="text-red-800">We could not load the summary of your data. Please try again.</p>
        <Button variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  const summary = query.data;
  const figures = [
    { key: "sessions", label: "Sessions", value: String(summary.sessions) },
    { key: "voiceHours", label: "Voice Hours", value: oneDecimal(summary.voiceHours) },
    { key: "memories", label: "Memories", value: String(summary.memories) },
    { key: "totalMegabytes", label: "Total MB", value: oneDecimal(summary.totalMegabytes) },
  ];
  return (
    <section aria-labelledby="export-summary-heading" className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="export-summary-heading" className="text-xl font-semibold">
        Your data
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.key} className="rounded-xl bg-stone-50 p-3" data-testid={`export-figure-${figure.key}`}>
            <dt className="text-sm text-muted">{figure.label}</dt>
            <dd className="text-2xl font-semibold">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <FormulaLink topic="otherFigures" className="-mt-2" />
      <div>
        <h3 className="font-medium">What an export contains</h3>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2" aria-label="Export contents">
          {summary.contents.map((item) => (
            <li key={item.key} data-testid={`export-content-${item.key}`} className="flex items-center justify-between gap-3 rounded-lg px-3 py-1.5 odd:bg-stone-50">
              <span>{item.label}</span>
              <span className="font-medium tabular-nums">{item.count}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
