import { NotebookPen } from "lucide-react";
import type { Overview } from "../../../contract/overview";
import { StatCard } from "./stat-card";

/** Memories: how many the person wrote, and how many of them the twin may use. */
export function MemoriesCountCard({ memories }: { memories: Overview["memories"] }) {
  return (
    <StatCard id="stat-memories" title="Memories" icon={<NotebookPen aria-hidden="true" className="h-4 w-4 text-brand" />} value={memories.total} formula="otherFigures">
      <p>{memories.availableToTwin} available to your twin</p>
    </StatCard>
  );
}
