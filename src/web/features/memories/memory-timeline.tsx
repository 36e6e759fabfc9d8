import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Memory } from "../../../contract/memories";
import { memoryMessages } from "../../../contract/memory-options";
import { Button } from "../../ui/button";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { MemoryCard } from "./memory-card";
import { memoryTimelineQuery } from "./memory-queries";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The decade's memories under a heading per year, in the order the server gives (time order). */
function byYear(memories: Memory[]): Array<[string, Memory[]]> {
  const years = new Map<string, Memory[]>();
  for (const memory of memories) {
    const year = memory.happenedOn!.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), memory]);
  }
  return [...years];
}

/**
 * The vault as a life: memories placed by when they happened, a decade at a time (the earliest first), each year under
 * its own heading. Memories without a date are counted, with how to place them.
 */
export function MemoryTimeline() {
  const [chosen, setChosen] = useState<number | null>(null);
  const query = useInfiniteQuery(memoryTimelineQuery(chosen));
  const known = query.data?.pages[0]?.decades;
  // A decade emptied by an edit or a deletion gives way to the earliest one left.
  useEffect(() => {
    if (chosen !== null && known && !known.some((d) => d.decade === chosen)) setChosen(null);
  }, [chosen, known]);
  if (query.isPending) return <Spinner label="Loading your timeline…" />;
  if (query.isError) return <LoadFailed message={memoryMessages.loadFailed} onRetry={() => void query.refetch()} />;
  const first = query.data.pages[0]!;
  const decade = first.decade;
  const memories = query.data.pages.flatMap((page) => page.memories);
  const dated = first.decades.reduce((n, d) => n + d.count, 0);
  const undatedHint =
    first.undated > 0 ? `${plural(first.undated, "memory has", "memories have")} no date yet: open one, choose Edit and add when it happened (a year is enough).` : null;

  if (first.decades.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-muted">
        <p className="font-medium text-ink">Nothing on your timeline yet.</p>
        <p className="mt-1">
          {first.undated > 0
            ? "Give your memories a year (Edit, then “When it happened”) and they will appear here, decade by decade."
            : "Write a memory above and say when it happened: a year is enough. Your timeline fills in decade by decade."}
        </p>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted" data-testid="timeline-summary">
        {plural(dated, "memory", "memories")} placed in time across {plural(first.decades.length, "decade", "decades")}.{undatedHint && ` ${undatedHint}`}
      </p>
      <nav aria-label="Decades">
        <ul className="flex flex-wrap gap-2">
          {first.decades.map((d) => (
            <li key={d.decade}>
              <button
                type="button"
                aria-pressed={d.decade === decade}
                onClick={() => setChosen(d.decade)}
                className="min-h-11 rounded-full border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100 aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white"
              >
                {d.decade}s <span className="font-normal">({d.count})</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {decade !== null && (
        <section aria-labelledby="timeline-decade-heading" className="grid gap-4">
          <h3 id="timeline-decade-heading" className="text-lg font-semibold">
            The {decade}s
          </h3>
          {memories.length === 0 ? (
            <p className="text-muted">No memories from the {decade}s.</p>
          ) : (
            byYear(memories).map(([year, inYear]) => (
              <section key={year} aria-labelledby={`timeline-year-${year}`} className="grid gap-2" data-testid="timeline-year">
                <h4 id={`timeline-year-${year}`} className="font-semibold text-brand-strong">
                  {year}
                </h4>
                <ul className="grid gap-4 sm:grid-cols-2">
                  {inYear.map((memory) => (
                    <MemoryCard key={memory.id} memory={memory} />
                  ))}
                </ul>
              </section>
            ))
          )}
          {query.hasNextPage && (
            <div>
              <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? "Loading…" : "Show more from this decade"}
              </Button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
