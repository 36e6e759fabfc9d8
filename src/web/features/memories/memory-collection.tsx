import type { Memory } from "../../../contract/memories";
import { memoryMessages } from "../../../contract/memory-options";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { formatCount } from "../../lib/format";
import { useState } from "react";
import { AudienceBulkBar } from "./audience-bulk-bar";
import { MemoryCard } from "./memory-card";

interface Props {
  memories: Memory[] | undefined;
  total: number;
  /** A search found at least `total` (it counts only as far as it ranks): shown as "200+". */
  totalIsLowerBound: boolean;
  isPending: boolean;
  isError: boolean;
  filtered: boolean;
  onRetry: () => void;
  /** The memory opened from a twin answer (`?memory=<id>`), highlighted where it appears. */
  highlightId?: string | null;
}

/** "Memory Collection (count)": the cards, or what to do next when there are none. */
export function MemoryCollection({ memories, total, totalIsLowerBound, isPending, isError, filtered, onRetry, highlightId }: Props) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // Only memories still shown count: a filter or a deletion drops the others from the selection.
  const selected = (memories ?? []).filter((m) => chosen.has(m.id)).map((m) => m.id);
  const choose = (id: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <section aria-labelledby="memory-collection-heading" className="grid gap-3">
      <h2 id="memory-collection-heading" className="text-xl font-semibold">
        Memory Collection ({totalIsLowerBound ? `${formatCount(total)}+` : total})
      </h2>
      <p className="text-sm text-muted">
        <strong className="font-medium text-ink">Detail score</strong> (0–100) measures how detailed and first-hand a memory reads: its length, first-person words, dates,
        names, sensory detail and tags. Richer memories let your twin speak more like you.
      </p>
      {isPending ? (
        <Spinner label="Loading memories…" />
      ) : isError ? (
        <LoadFailed message={memoryMessages.loadFailed} onRetry={onRetry} />
      ) : !memories || memories.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-muted">
          {filtered ? "No memories match your search or filters. Try other words or clear the filters." : "No memories yet. Write your first one above."}
        </p>
      ) : (
        <>
          <AudienceBulkBar
            selected={selected}
            allSelected={selected.length === memories.length}
            onSelectAll={() => setChosen(new Set(memories.map((m) => m.id)))}
            onClear={() => setChosen(new Set())}
          />
          {/* One card a row: beside the menu and the status panel, two columns made every card too narrow to read. */}
          <ul className="grid gap-4">
            {memories.map((memory) => (
              <MemoryCard key={memory.id} memory={memory} highlighted={memory.id === highlightId} selected={chosen.has(memory.id)} onSelect={(on) => choose(memory.id, on)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
