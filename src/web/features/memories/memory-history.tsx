import { useQuery } from "@tanstack/react-query";
import { Spinner } from "../../ui/spinner";
import { categoryLabel } from "./memory-fields";
import { memoryVersionsQuery } from "./memory-queries";
import { formatDateTime } from "../../lib/format";
import { formatHappenedOn } from "../../../contract/memory-when";

/** Every saved version of a memory, oldest first, with its date. */
export function MemoryHistory({ id }: { id: string }) {
  const query = useQuery(memoryVersionsQuery(id));
  if (query.isPending) return <Spinner label="Loading history…" />;
  if (query.isError) return <p className="text-sm text-red-700">We could not load this memory's history. Please try again.</p>;
  const versions = [...query.data.versions].sort((a, b) => a.version - b.version);
  return (
    <section aria-label="Version history" className="rounded-xl bg-stone-50 p-3">
      <h4 className="font-medium">History ({versions.length} versions)</h4>
      <ol className="mt-2 grid gap-2">
        {versions.map((v) => (
          <li key={v.id} data-testid="memory-version" className="rounded-lg border border-stone-200 bg-white p-3 text-sm">
            <p className="font-medium">
              Version {v.version} · <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-wrap">{v.content}</p>
            <p className="mt-1 text-muted">
              {v.happenedOn && `Happened ${formatHappenedOn(v.happenedOn)} · `}
              {v.emotion} · {categoryLabel(v.category)} · intensity {v.emotionalIntensity}/10{v.tags.length > 0 && ` · ${v.tags.map((t) => `#${t}`).join(" ")}`}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
