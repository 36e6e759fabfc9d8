import { useEffect, useRef, useState } from "react";
import type { Memory } from "../../../contract/memories";
import { memoryVisibilityLabels } from "../../../contract/memory-options";
import { messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { DeleteMemoryConfirm } from "./delete-memory-confirm";
import { ActionMenu } from "../../ui/action-menu";
import { categoryLabel } from "./memory-fields";
import { formatDateTime, formatDay } from "../../lib/format";
import { formatHappenedOn } from "../../../contract/memory-when";
import { MemoryHistory } from "./memory-history";
import { MemoryEditDialog } from "./memory-edit-dialog";
import { MemoryRecording } from "./memory-recording";
import { useUpdateMemory } from "./memory-queries";
import { FormulaLink } from "../../ui/formula-link";

/** "Sealed until Mar 3, 2031", "Seal opened on Mar 3, 2025" or "Sealed until 30 days after release". */
export function sealText(seal: NonNullable<Memory["seal"]>): string {
  if (seal.kind === "daysAfterRelease") return `Sealed until ${seal.days} ${seal.days === 1 ? "day" : "days"} after release`;
  // A seal whose day has come no longer seals anything.
  return seal.date > new Date().toISOString().slice(0, 10) ? `Sealed until ${formatDay(seal.date)}` : `Seal opened on ${formatDay(seal.date)}`;
}

interface Props {
  memory: Memory;
  highlighted?: boolean;
  /** Whether the card is in the vault's selection (for changing the audience of several at once). */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
}

/**
 * One memory in the collection: its details with its audience and seal, Edit (in a dialog), and in its menu History,
 * Hide/Show and Delete.
 * `highlighted` (a memory the twin cited, opened from the Digital Twin Lab) outlines the card, scrolls to it and focuses it.
 */
export function MemoryCard({ memory, highlighted = false, selected = false, onSelect }: Props) {
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!highlighted) return;
    cardRef.current?.scrollIntoView({ block: "center" });
    cardRef.current?.focus({ preventScroll: true });
  }, [highlighted]);
  const [editing, setEditing] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const update = useUpdateMemory();
  const headingId = `memory-${memory.id}-heading`;

  // Awaited rather than mutate's callbacks: a hidden memory leaves the list (hidden ones are left out by default), and
  // callbacks given to mutate are dropped once the card has unmounted, so its toast would never show.
  const toggleHidden = () =>
    void update.mutateAsync({ id: memory.id, patch: { hiddenFromTwin: !memory.hiddenFromTwin } }).then(
      () => notifySuccess(memory.hiddenFromTwin ? "Shown to your twin" : "Hidden from your twin", memory.hiddenFromTwin ? "Your twin can use this memory again." : "Your twin will not use this memory. Tick Show hidden to see it in the list."),
      (error: unknown) => notifyError("Could not change visibility", messageOf(error)),
    );

  return (
    <li>
      <article
        ref={cardRef}
        id={`memory-${memory.id}`}
        aria-labelledby={headingId}
        data-testid="memory-card"
        data-highlighted={highlighted || undefined}
        tabIndex={highlighted ? -1 : undefined}
        className={`flex h-full flex-col gap-3 rounded-2xl border bg-white p-4 ${highlighted ? "border-brand ring-4 ring-violet-200" : "border-stone-200"}`}
      >
        {highlighted && <p className="text-sm font-medium text-brand-strong">Cited by your twin</p>}
        <header className="flex flex-wrap items-center gap-2 text-sm">
          {onSelect && (
            <label className="flex min-h-11 min-w-11 items-center justify-center">
              <input type="checkbox" className="h-5 w-5 accent-brand" checked={selected} onChange={(e) => onSelect(e.target.checked)} />
              <span className="sr-only">Select the memory “{memory.content.slice(0, 40)}{memory.content.length > 40 ? "…" : ""}”</span>
            </label>
          )}
          <h3 id={headingId} className="rounded-full bg-violet-50 px-2.5 py-0.5 font-medium text-brand-strong">
            {memory.emotion}
          </h3>
          <span className="rounded-full bg-stone-100 px-2.5 py-0.5">{categoryLabel(memory.category)}</span>
          <span className="rounded-full bg-sky-50 px-2.5 py-0.5 text-sky-900" data-testid="memory-audience">
            Audience: {memoryVisibilityLabels[memory.visibility]}
          </span>
          {memory.seal && (
            <span className="rounded-full bg-stone-800 px-2.5 py-0.5 text-white" data-testid="memory-seal">
              {sealText(memory.seal)}
            </span>
          )}
          {memory.hiddenFromTwin && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-medium text-amber-900">Hidden from twin</span>}
        </header>
        {memory.context && (
          <p className="text-sm text-muted" data-testid="memory-context">
            Answer to: “{memory.context}”{memory.recordingId ? " · recorded in Consciousness Capture" : ""}
          </p>
        )}
        <p className="whitespace-pre-wrap break-words">{memory.content}</p>
        <MemoryRecording memory={memory} />
        {memory.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5 text-sm">
            {memory.tags.map((tag) => (
              <li key={tag} className="rounded bg-stone-100 px-2 py-0.5 text-muted">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        {/* One labelled line each: side by side, "September 1975" ran into "Nov 26, 2026". */}
        <dl className="grid gap-1 text-sm" data-testid="memory-details">
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">Happened:</dt>
            <dd data-testid="memory-happened">{memory.happenedOn ? <time dateTime={memory.happenedOn}>{formatHappenedOn(memory.happenedOn)}</time> : "—"}</dd>
          </div>
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">Added:</dt>
            <dd data-testid="memory-added">
              <time dateTime={memory.createdAt}>{formatDateTime(memory.createdAt)}</time>
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">Intensity:</dt>
            <dd>{memory.emotionalIntensity}/10</dd>
          </div>
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">Detail score:</dt>
            <dd data-testid="detail-score">{memory.authenticityScore}/100</dd>
            <dd>
              <FormulaLink topic="authenticity" />
            </dd>
          </div>
        </dl>
        {showHistory && <MemoryHistory id={memory.id} />}
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <ActionMenu
            ref={menuButton}
            actions={[
              { label: showHistory ? "Hide history" : "Show history", onSelect: () => setShowHistory((s) => !s) },
              { label: memory.hiddenFromTwin ? "Show to twin" : "Hide from twin", onSelect: toggleHidden, disabled: update.isPending },
              { label: "Delete…", onSelect: () => setConfirmingDelete(true), destructive: true, takesFocus: true },
            ]}
          />
          <DeleteMemoryConfirm
            id={memory.id}
            confirming={confirmingDelete}
            onCancel={() => {
              setConfirmingDelete(false);
              menuButton.current?.focus();
            }}
          />
        </div>
        {editing && (
          <MemoryEditDialog memory={memory} onClose={() => setEditing(false)} />
        )}
      </article>
    </li>
  );
}
