import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams, type MetaFunction } from "react-router";
import { AddMemoryForm } from "../../features/memories/add-memory-form";
import { CitedMemory } from "../../features/memories/cited-memory";
import { MemoryCollection } from "../../features/memories/memory-collection";
import { MemoryFilterBar } from "../../features/memories/memory-filter-bar";
import { MemoryGraph } from "../../features/memories/memory-graph";
import { MemoryInsights } from "../../features/memories/memory-insights";
import { MemoryTimeline } from "../../features/memories/memory-timeline";
import { memoryListQuery, memoryStatsQuery, type MemoryFilters } from "../../features/memories/memory-queries";
import { useDebouncedValue } from "../../features/memories/use-debounced-value";
import { formatCount } from "../../lib/format";

export const meta: MetaFunction = () => [{ title: "Memory Vault · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * Memory Vault: add memories, search and filter them, edit with history, hide from the twin, delete; graph and insights.
 * `?view=timeline` shows the memories by decade of when they happened instead of the collection.
 * `?memory=<id>` (a memory the twin cited) highlights that card, or shows it on its own at the top when the list does not hold it.
 */
export default function MemoriesSection() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<Omit<MemoryFilters, "q">>({ emotion: "", category: "", visibility: "", showHidden: false });
  const list = useQuery(memoryListQuery({ q, ...filters }));
  const memories = list.data?.memories;
  // Leaving hidden memories out filters only when there are some: a new vault is empty, not "no match".
  const hiddenCount = useQuery(memoryStatsQuery).data?.hidden ?? 0;
  const filtered = Boolean(q.trim() || filters.emotion || filters.category || filters.visibility || (!filters.showHidden && hiddenCount > 0));
  const [params, setParams] = useSearchParams();
  const citedId = params.get("memory");
  const view = params.get("view") === "timeline" ? "timeline" : "collection";
  const showView = (next: "collection" | "timeline") =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        if (next === "timeline") after.set("view", "timeline");
        else after.delete("view");
        return after;
      },
      { replace: true },
    );
  const citedOutsideList = Boolean(citedId && memories && !memories.some((m) => m.id === citedId));
  // `?write` (onboarding's "Share a memory"): the form's field takes the focus, ready to write in.
  const write = params.has("write");
  useEffect(() => {
    if (!write) return;
    document.getElementById("new-memory-content")?.focus();
    setParams((before) => {
      const after = new URLSearchParams(before);
      after.delete("write");
      return after;
    }, { replace: true });
  }, [write, setParams]);

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold">Memory Vault</h1>
        <p className="mt-2 text-muted">Write down the moments that made you. Your twin speaks from them; you decide which ones it may use.</p>
      </header>
      {citedId && citedOutsideList && <CitedMemory id={citedId} />}
      <AddMemoryForm />
      <div role="group" aria-label="Show memories as" className="flex flex-wrap gap-2">
        {(["collection", "timeline"] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => showView(option)}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium hover:bg-stone-100 aria-pressed:border-brand aria-pressed:bg-violet-50 aria-pressed:text-brand-strong"
          >
            {option === "collection" ? "Collection" : "Timeline"}
          </button>
        ))}
      </div>
      {view === "timeline" ? (
        <section aria-labelledby="memory-timeline-heading" className="grid gap-3">
          <h2 id="memory-timeline-heading" className="text-xl font-semibold">
            Timeline
          </h2>
          <MemoryTimeline />
        </section>
      ) : (
        <>
          <MemoryFilterBar search={search} onSearch={setSearch} filters={filters} onFilters={setFilters} />
          <p aria-live="polite" className="sr-only">
            {list.data ? (list.data.totalIsLowerBound ? `At least ${formatCount(list.data.total)} memories match` : `${list.data.total} ${list.data.total === 1 ? "memory" : "memories"} shown`) : ""}
          </p>
          <MemoryCollection memories={memories} total={list.data?.total ?? 0} totalIsLowerBound={list.data?.totalIsLowerBound ?? false} isPending={list.isPending} isError={list.isError} filtered={filtered} onRetry={() => void list.refetch()} highlightId={citedId} />
        </>
      )}
      {/* Below the collection, one under the other: side by side they squeezed the graph into a third of the column. */}
      <div className="grid gap-6">
        <MemoryGraph memories={memories ?? []} />
        <MemoryInsights />
      </div>
    </div>
  );
}
