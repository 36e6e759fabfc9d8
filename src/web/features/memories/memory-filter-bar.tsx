import { useQuery } from "@tanstack/react-query";
import { formatCount } from "../../lib/format";
import { TextField } from "../../ui/field";
import { AudienceSelect, CategorySelect, EmotionSelect } from "./memory-fields";
import { memoryStatsQuery, type MemoryFilters } from "./memory-queries";

interface Props {
  search: string;
  onSearch: (value: string) => void;
  filters: Omit<MemoryFilters, "q">;
  onFilters: (filters: Omit<MemoryFilters, "q">) => void;
}

/**
 * Search (the page debounces it), emotion, category and audience filters, and whether hidden memories are listed.
 * Hidden memories are left out by default; the box says how many there are, so none seems lost.
 */
export function MemoryFilterBar({ search, onSearch, filters, onFilters }: Props) {
  const hidden = useQuery(memoryStatsQuery).data?.hidden;
  return (
    <div role="search" className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-2 xl:grid-cols-3 xl:items-end">
      {/* The search gets the whole first row: five columns left each select too narrow for its longest label. */}
      <div className="sm:col-span-2 xl:col-span-3">
        <TextField id="memory-search" label="Search memories" type="search" placeholder="Words or tags" value={search} onChange={(e) => onSearch(e.target.value)} />
      </div>
      <EmotionSelect id="memory-filter-emotion" label="Filter by emotion" emptyLabel="All emotions" value={filters.emotion} onChange={(emotion) => onFilters({ ...filters, emotion })} />
      <CategorySelect id="memory-filter-category" label="Filter by category" emptyLabel="All categories" value={filters.category} onChange={(category) => onFilters({ ...filters, category })} />
      <AudienceSelect id="memory-filter-audience" label="Filter by audience" emptyLabel="All audiences" value={filters.visibility} onChange={(visibility) => onFilters({ ...filters, visibility })} />
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input type="checkbox" className="h-5 w-5 accent-brand" checked={filters.showHidden} onChange={(e) => onFilters({ ...filters, showHidden: e.target.checked })} />
        <span>
          Show hidden
          {hidden !== undefined && <span className="font-normal text-muted"> ({formatCount(hidden)})</span>}
        </span>
      </label>
    </div>
  );
}
