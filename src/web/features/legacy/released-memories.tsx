import { useInfiniteQuery } from "@tanstack/react-query";
import { LockKeyhole } from "lucide-react";
import { useState } from "react";
import type { ReleasedMemories as Released } from "../../../contract/legacy";
import type { MemoryCategory } from "../../../contract/memory-options";
import { messageOf } from "../../lib/api-client";
import { formatDateTime, formatDay } from "../../lib/format";
import { Button } from "../../ui/button";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { categoryLabel } from "../memories";
import { releasedMemoriesQuery } from "./legacy-queries";

const stateNotes: Record<Released["state"], string | null> = {
  released: null,
  paused: "Their executor has paused the twin. You can still read what they left you.",
  retired: "Their executor has retired the twin. You can still read what they left you for a while.",
};

function Themes({ themes, total, chosen, onChoose }: { themes: Released["themes"]; total: number; chosen: MemoryCategory | undefined; onChoose: (c: MemoryCategory | undefined) => void }) {
  const all = themes.reduce((n, t) => n + t.count, 0);
  const option = (value: MemoryCategory | undefined, label: string, count: number) => (
    <Button key={value ?? "all"} variant={chosen === value ? "primary" : "secondary"} aria-pressed={chosen === value} onClick={() => onChoose(value)} className="min-h-11">
      {label} ({count})
    </Button>
  );
  return (
    <div role="group" aria-label="Themes" className="flex flex-wrap gap-2" data-testid="released-themes" data-total={total}>
      {option(undefined, "All", all)}
      {themes.map((t) => option(t.category, categoryLabel(t.category), t.count))}
    </div>
  );
}

function Sealed({ sealed }: { sealed: Released["sealed"] }) {
  if (sealed.length === 0) return null;
  return (
    <section aria-labelledby="sealed-heading" className="grid gap-2">
      <h2 id="sealed-heading" className="text-xl font-semibold">
        Still sealed
      </h2>
      <ul className="grid gap-2">
        {sealed.map((s) => (
          <li key={s.opensOn} data-testid="sealed-group" className="flex items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-3">
            <LockKeyhole aria-hidden="true" className="h-5 w-5 text-muted" />
            <span>
              {s.count === 1 ? "1 memory" : `${s.count} memories`}: Sealed until {formatDay(s.opensOn)}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">They open on that day; we will tell you by e-mail.</p>
    </section>
  );
}

/**
 * What a reader reads of someone, once released: newest first, by theme, and what is still sealed. A contact reads
 * what was left them (the default source); a memorial's visitors read the public memories (`source`, `notes`).
 */
export function ReleasedMemories({
  contactId = "",
  source = (theme) => releasedMemoriesQuery(contactId, theme),
  notes = stateNotes,
  heading = (name) => `${name}'s memories`,
  headingLevel = 1,
  emptyText = (name) => `${name} left nothing for you to read here.`,
}: {
  contactId?: string;
  source?: (theme: MemoryCategory | undefined) => ReturnType<typeof releasedMemoriesQuery>;
  notes?: Record<Released["state"], string | null>;
  heading?: (ownerName: string) => string;
  headingLevel?: 1 | 2;
  /** What an empty list says when nothing is sealed either. */
  emptyText?: (ownerName: string) => string;
}) {
  const [theme, setTheme] = useState<MemoryCategory | undefined>();
  const pages = useInfiniteQuery(source(theme));
  const Heading = headingLevel === 1 ? "h1" : "h2";
  if (pages.isPending) return <Spinner label="Loading their memories…" />;
  if (pages.isError) return <LoadFailed message={messageOf(pages.error, "Could not load their memories.")} onRetry={() => void pages.refetch()} />;
  const first = pages.data.pages[0]!;
  const memories = pages.data.pages.flatMap((p) => p.memories);
  const note = notes[first.state];
  return (
    <div className="grid gap-5">
      <Heading className={headingLevel === 1 ? "text-3xl font-semibold" : "text-2xl font-semibold"}>{heading(first.ownerName)}</Heading>
      {note && (
        <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-950">
          {note}
        </p>
      )}
      {first.themes.length > 0 && <Themes themes={first.themes} total={first.total} chosen={theme} onChoose={setTheme} />}
      {memories.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-muted">
          {first.sealed.length > 0 ? "Nothing is open to read yet; the memories they left you are still sealed." : emptyText(first.ownerName)}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Memories">
          {memories.map((m) => (
            <li key={m.id}>
              <article id={`memory-${m.id}`} data-testid="released-memory" className="grid gap-2 rounded-2xl border border-stone-200 bg-white p-4">
                <p className="flex flex-wrap gap-2 text-sm text-muted">
                  <span>{formatDateTime(m.createdAt)}</span>
                  <span className="rounded-full bg-stone-100 px-2.5 py-0.5">{categoryLabel(m.category)}</span>
                  <span>{m.emotion}</span>
                </p>
                <p className="whitespace-pre-line [overflow-wrap:anywhere]">{m.content}</p>
                {m.tags.length > 0 && <p className="text-sm text-muted">{m.tags.map((t) => `#${t}`).join(" ")}</p>}
              </article>
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <div>
          <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? "Loading…" : "Show older memories"}
          </Button>
        </div>
      )}
      <Sealed sealed={first.sealed} />
    </div>
  );
}
