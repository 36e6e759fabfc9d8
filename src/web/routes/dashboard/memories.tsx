import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams, type MetaFunction } from "react-router";
import { AddMemoryForm } from "../../features/memories/add-memory-form";
import { CitedMemory } from "../../features/memories/cited-memory";
import { MemoryCollection } from "../../features/memories/memory-collection";
import { MemoryFilterBar } from "../../features/memories/memory-filter-bar";
import { MemoryGraph } from "../../features/memories/memory-graph";
import { MemoryInsights } from "../../features/memories/memory-insights";
import { memoryListQuery, type MemoryFilters } from "../../features/memories/memory-queries";
import { useDebouncedValue } from "../../features/memories/use-debounced-value";
import { formatCount } from "../../lib/format";

export const meta: MetaFunction = () => [{ title: "Memory Vault · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * Memory Vault: add memories, search and filter them, edit with history, hide from the twin, delete; graph and insights.
 * `?memory=<id>` (a memory the twin cited) highlights that card, or shows it on its own at the top when the list does not hold it.
 */
export default function MemoriesSection() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<Omit<MemoryFilters, "q">>({ emotion: "", category: "", visibility: "", showHidden: true });
  const list = useQuery(memoryListQuery({ q, ...filters }));
  const memories = list.data?.memories;
  const filtered = Boolean(q.trim() || filters.emotion || filters.category || filters.visibility || !filters.showHidden);
  const citedId = useSearchParams()[0].get("memory");
  const citedOutsideList = Boolean(citedId && memories && !memories.some((m) => m.id === citedId));

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold">Memory Vault</h1>
        <p className="mt-2 text-muted">Write down the moments that made you. Your twin speaks from them; you decide which ones it may use.</p>
      </header>
      {citedId && citedOutsideList && <CitedMemory id={citedId} />}
      <AddMemoryForm />
      <MemoryFilterBar search={search} onSearch={setSearch} filters={filters} onFilters={setFilters} />
      <p aria-live="polite" className="sr-only">
        {list.data ? (list.data.totalIsLowerBound ? `At least ${formatCount(list.data.total)} memories match` : `${list.data.total} ${list.data.total === 1 ? "memory" : "memories"} shown`) : ""}
      </p>
      <MemoryCollection memories={memories} total={list.data?.total ?? 0} totalIsLowerBound={list.data?.totalIsLowerBound ?? false} isPending={list.isPending} isError={list.isError} filtered={filtered} onRetry={() => void list.refetch()} highlightId={citedId} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <MemoryGraph memories={memories ?? []} />
        <MemoryInsights />
      </div>
    </div>
  );
}
