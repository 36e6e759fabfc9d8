import { useInfiniteQuery } from "@tanstack/react-query";
import { LockKeyhole } from "lucide-react";
import { useState } from "react";
import { endpoints } from "../../../contract/endpoints";
import type { ReleasedMemories as Released } from "../../../contract/legacy";
import type { MemoryCategory } from "../../../contract/memory-options";
import { formatHappenedOn } from "../../../contract/memory-when";
import { buildPath, messageOf } from "../../lib/api-client";
import { formatDay, formatDuration } from "../../lib/format";
import { Button } from "../../ui/button";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { categoryLabel } from "../memories";
import { releasedMemoriesQuery } from "./legacy-queries";
import { RecordingPlayer } from "../../ui/recording-player";

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

/** The decades with dated memories, as one labelled select: "All decades" or "1990s (4)". */
function Decades({ decades, chosen, onChoose }: { decades: Released["decades"]; chosen: number | undefined; onChoose: (d: number | undefined) => void }) {
  if (decades.length === 0 && chosen === undefined) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="released-decade" className="font-medium">
        Decade
      </label>
      <select
        id="released-decade"
        data-testid="released-decade"
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
        value={chosen === undefined ? "" : String(chosen)}
        onChange={(e) => onChoose(e.target.value === "" ? undefined : Number(e.target.value))}
      >
        <option value="">All decades</option>
        {decades.map((d) => (
          <option key={d.decade} value={String(d.decade)}>
            {d.decade}s ({d.count})
          </option>
        ))}
      </select>
    </div>
  );
}

/** "age 38", or "age 37 or 38" when the date is too coarse to say which. */
const ageText = (age: NonNullable<Released["memories"][number]["age"]>) => (age.min === age.max ? `age ${age.min}` : `age ${age.min} or ${age.max}`);

/** One released memory: when it happened and how old they were, the question it answers, the words, their voice. */
function ReleasedMemory({ memory: m, ownerName, recordingSrc }: { memory: Released["memories"][number]; ownerName: string; recordingSrc: (memoryId: string) => string | null }) {
  const src = m.recording ? recordingSrc(m.id) : null;
  return (
    <article id={`memory-${m.id}`} data-testid="released-memory" aria-labelledby={`memory-${m.id}-when`} className="grid gap-2 rounded-2xl border border-stone-200 bg-white p-4">
      <p id={`memory-${m.id}-when`} className="flex flex-wrap items-center gap-2 text-sm text-muted">
        {m.happenedOn ? (
          <span data-testid="released-memory-when" className="font-medium text-stone-900">
            <time dateTime={m.happenedOn}>{formatHappenedOn(m.happenedOn)}</time>
            {m.age && <span data-testid="released-memory-age">, {ageText(m.age)}</span>}
          </span>
        ) : m.openedOn ? null : (
          <span data-testid="released-memory-when">Undated</span>
        )}
        {/* A letter the owner sealed: when they wrote it and the day it opened, so it is not just "Undated" at the end. */}
        {m.openedOn && (
          <span data-testid="released-memory-opened" className="font-medium text-stone-900">
            Sealed letter, written <time dateTime={m.createdAt.slice(0, 10)}>{formatHappenedOn(m.createdAt.slice(0, 10))}</time>, opened{" "}
            <time dateTime={m.openedOn}>{formatHappenedOn(m.openedOn)}</time>
          </span>
        )}
        <span className="rounded-full bg-stone-100 px-2.5 py-0.5">{categoryLabel(m.category)}</span>
        <span>{m.emotion}</span>
      </p>
      {m.question && (
        <p data-testid="released-memory-question" className="text-sm font-medium text-stone-700">
          Asked: “{m.question}”
        </p>
      )}
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">{m.content}</p>
      {src && (
        // The owner's own recording, not an AI voice: the reader hears them as they recorded it.
        <div className="grid gap-1">
          <p className="text-sm font-medium text-stone-700" data-testid="released-memory-recording-length">
            {ownerName}'s own voice, {formatDuration(m.recording!.durationSeconds)}
          </p>
          <RecordingPlayer testId="released-memory-audio" src={src} label={`${ownerName}'s own recording of this memory`} />
        </div>
      )}
      {m.tags.length > 0 && <p className="text-sm text-muted">{m.tags.map((t) => `#${t}`).join(" ")}</p>}
    </article>
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
 * What a reader reads of someone, once released: in the order it happened (the undated after), by theme and decade,
 * with the owner's own recordings where they may be heard, and what is still sealed. A contact reads what was left
 * them (the default source); a memorial's visitors read the public memories (`source`, `recordingSrc`, `notes`).
 */
export function ReleasedMemories({
  contactId = "",
  source = (theme, decade) => releasedMemoriesQuery(contactId, theme, decade),
  recordingSrc = (memoryId) => buildPath(endpoints.getReleasedMemoryRecording.path, { params: { id: contactId, memoryId } }),
  notes = stateNotes,
  heading = (name) => `${name}'s memories`,
  headingLevel = 1,
  emptyText = (name) => `${name} left nothing for you to read here.`,
}: {
  contactId?: string;
  source?: (theme: MemoryCategory | undefined, decade: number | undefined) => ReturnType<typeof releasedMemoriesQuery>;
  /** Where a memory's recording plays from; null when it is not to be played here. */
  recordingSrc?: (memoryId: string) => string | null;
  notes?: Record<Released["state"], string | null>;
  heading?: (ownerName: string) => string;
  headingLevel?: 1 | 2;
  /** What an empty list says when nothing is sealed either. */
  emptyText?: (ownerName: string) => string;
}) {
  const [theme, setTheme] = useState<MemoryCategory | undefined>();
  const [decade, setDecade] = useState<number | undefined>();
  const pages = useInfiniteQuery(source(theme, decade));
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
      <Decades decades={first.decades} chosen={decade} onChoose={setDecade} />
      {memories.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-muted">
          {first.sealed.length > 0 ? "Nothing is open to read yet; the memories they left you are still sealed." : emptyText(first.ownerName)}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Memories">
          {memories.map((m) => (
            <li key={m.id}>
              <ReleasedMemory memory={m} ownerName={first.ownerName} recordingSrc={recordingSrc} />
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <div>
          <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? "Loading…" : "Show more memories"}
          </Button>
        </div>
      )}
      <Sealed sealed={first.sealed} />
    </div>
  );
}
