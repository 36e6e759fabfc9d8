import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import type { MemoryVersion } from "../../../contract/memories";
import { formatHappenedOn } from "../../../contract/memory-when";
import { formatDateTime } from "../../lib/format";
import { Spinner } from "../../ui/spinner";
import { categoryLabel } from "./memory-fields";
import { memoryVersionsQuery } from "./memory-queries";
import { diffText, fieldChanges, gapAfter } from "./memory-version-changes";

/**
 * The text of a version with the words it added and removed. Not by colour alone: added words are underlined and
 * removed ones struck through, and a screen reader hears "added" and "removed" before them.
 */
function TextChanges({ before, after }: { before: string; after: string }) {
  return (
    <p className="mt-1 whitespace-pre-wrap break-words" data-testid="version-text">
      {diffText(before, after).map((part, i, parts) => (
        <Fragment key={i}>
          {part.kind === "added" ? (
            <ins className="rounded-sm bg-emerald-50 text-emerald-900 underline decoration-2 underline-offset-2">
              <span className="sr-only">[added: </span>
              {part.text}
              <span className="sr-only">]</span>
            </ins>
          ) : part.kind === "removed" ? (
            <del className="rounded-sm bg-red-50 text-red-800 line-through decoration-2">
              <span className="sr-only">[removed: </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          ) : (
            <span>{part.text}</span>
          )}
          {gapAfter(parts, i) && " "}
        </Fragment>
      ))}
    </p>
  );
}

function VersionEntry({ version, previous }: { version: MemoryVersion; previous: MemoryVersion | undefined }) {
  const changed = previous ? fieldChanges(previous, version) : [];
  return (
    <li data-testid="memory-version" className="rounded-lg border border-stone-200 bg-white p-3 text-sm">
      <p className="font-medium">
        Version {version.version} · <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time>
      </p>
      {!previous ? (
        <>
          <p className="mt-1 whitespace-pre-wrap break-words">{version.content}</p>
          <p className="mt-1 text-muted">
            First written{version.happenedOn && ` · Happened ${formatHappenedOn(version.happenedOn)}`} · {version.emotion} · {categoryLabel(version.category)} · intensity{" "}
            {version.emotionalIntensity}/10{version.tags.length > 0 && ` · ${version.tags.map((t) => `#${t}`).join(" ")}`}
          </p>
        </>
      ) : (
        <>
          {previous.content === version.content ? <p className="mt-1 text-muted">Text unchanged.</p> : <TextChanges before={previous.content} after={version.content} />}
          {changed.length > 0 && (
            <ul aria-label={`Other changes in version ${version.version}`} className="mt-2 grid gap-1" data-testid="version-field-changes">
              {changed.map((c) => (
                <li key={c.label}>
                  <span className="text-muted">{c.label}:</span> {c.before} → {c.after}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </li>
  );
}

/** Every saved version of a memory, oldest first, each after the first showing what it changed. */
export function MemoryHistory({ id }: { id: string }) {
  const query = useQuery(memoryVersionsQuery(id));
  if (query.isPending) return <Spinner label="Loading history…" />;
  if (query.isError) return <p className="text-sm text-red-700">We could not load this memory's history. Please try again.</p>;
  const versions = [...query.data.versions].sort((a, b) => a.version - b.version);
  return (
    <section aria-label="Version history" className="rounded-xl bg-stone-50 p-3">
      <h4 className="font-medium">History ({versions.length} versions)</h4>
      {versions.length > 1 && <p className="mt-1 text-sm text-muted">Words added are underlined; words removed are struck through.</p>}
      <ol className="mt-2 grid gap-2">
        {versions.map((v, i) => (
          <VersionEntry key={v.id} version={v} previous={versions[i - 1]} />
        ))}
      </ol>
    </section>
  );
}
