import { useQuery } from "@tanstack/react-query";
import { Spinner } from "../../ui/spinner";
import { memoryStatsQuery } from "./memory-queries";
import { FormulaLink } from "../../ui/formula-link";

/**
 * The three emotions the person has recorded most, in the server's order (equal counts: the stronger mean intensity,
 * then the more recent memory), saying so when the third place is shared with emotions left out.
 */
export function MemoryInsights() {
  const query = useQuery(memoryStatsQuery);
  const all = (query.data?.byEmotion ?? []).filter((e) => e.count > 0);
  const top = all.slice(0, 3);
  const tiedOut = top.length === 3 ? all.slice(3).filter((e) => e.count === top[2]!.count) : [];
  const tiedIn = top.filter((e) => tiedOut.length > 0 && e.count === top[2]!.count);
  return (
    <section aria-labelledby="memory-insights-heading" data-testid="memory-insights" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="memory-insights-heading" className="text-xl font-semibold">
        Insights
      </h2>
      <p className="mt-1 text-sm text-muted">
        Your dominant emotions across all memories. <FormulaLink topic="insights" />
      </p>
      {query.isPending ? (
        <Spinner label="Loading insights…" />
      ) : query.isError ? (
        <p className="mt-3 text-sm text-red-700">We could not load your insights. Please try again later.</p>
      ) : top.length === 0 ? (
        <p className="mt-3">No data yet</p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {top.map(({ emotion, count }) => (
            <li key={emotion} className="flex items-center justify-between rounded-lg bg-stone-50 px-3 py-2">
              <span className="font-medium">{emotion}</span>
              <span className="text-muted">
                {count} {count === 1 ? "memory" : "memories"}
              </span>
            </li>
          ))}
        </ol>
      )}
      {tiedOut.length > 0 && (
        <p className="mt-2 text-sm text-muted" data-testid="emotion-tie">
          {[...tiedIn, ...tiedOut].map((e) => e.emotion).join(", ")} tie at {top[2]!.count} {top[2]!.count === 1 ? "memory" : "memories"} each; the ones with the stronger
          feelings (mean intensity), then the most recent, are shown.
        </p>
      )}
    </section>
  );
}
