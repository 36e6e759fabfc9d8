import { useQuery } from "@tanstack/react-query";
import { Link, useParams, type MetaFunction } from "react-router";
import { endpoints } from "../../../contract/endpoints";
import type { MemorialPage } from "../../../contract/legacy";
import { legacyMessages } from "../../../contract/legacy-options";
import { memorialMemoriesQuery, memorialQuery } from "../../features/legacy/legacy-queries";
import { ReleasedMemories } from "../../features/legacy/released-memories";
import { VisitorChat } from "../../features/legacy/visitor-chat";
import { ApiError, buildPath, messageOf } from "../../lib/api-client";
import { formatDay } from "../../lib/format";
import { Brand } from "../../ui/brand";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";

// The server also sends X-Robots-Tag: noindex unless the owner allowed listing; the tag below is for the rendered page.
export const meta: MetaFunction = () => [{ title: "In memory · Mindprint" }];

// The twin's own notice already says when it is paused or retired; the memories need no second one.
const memorialNotes = { released: null, paused: null, retired: null };

/** "1960 – 2026", "Born 1960", "Died 2026", or null when neither year is known. */
function lifeYears(years: MemorialPage["years"]): string | null {
  if (years.born !== null && years.died !== null) return `${years.born} – ${years.died}`;
  if (years.born !== null) return `Born ${years.born}`;
  if (years.died !== null) return `Died ${years.died}`;
  return null;
}

/**
 * A public memorial (issue 16, 34): the name and years, the owner's own words for visitors, their public memories in
 * the order they happened with their recordings where the owner allowed it, and their twin answering
 * from those alone. Anyone may visit; nothing a visitor asks is kept.
 */
export default function Memorial() {
  const { slug = "" } = useParams();
  const memorial = useQuery(memorialQuery(slug));
  const missing = memorial.error instanceof ApiError && memorial.error.status === 404;
  return (
    <div className="min-h-screen bg-stone-50">
      <header className="border-b border-stone-200 bg-white px-4 py-3 sm:px-6">
        <Link to="/" aria-label="Mindprint home">
          <Brand />
        </Link>
      </header>
      <main className="mx-auto grid max-w-2xl gap-6 px-4 py-8">
        {memorial.isPending ? (
          <Spinner label="Opening the memorial…" />
        ) : missing ? (
          <>
            <meta name="robots" content="noindex, nofollow" />
            <h1 className="text-3xl font-semibold">No memorial here</h1>
            <p>{legacyMessages.memorialNotFound}</p>
            <p>
              <Link to="/" className="font-medium text-brand-strong underline">
                Go to the Mindprint home page
              </Link>
            </p>
          </>
        ) : memorial.isError ? (
          <>
            <h1 className="text-3xl font-semibold">Memorial</h1>
            <LoadFailed message={messageOf(memorial.error, "Could not open the memorial.")} onRetry={() => void memorial.refetch()} />
          </>
        ) : (
          <>
            {!memorial.data.indexing && <meta name="robots" content="noindex, nofollow" />}
            <div className="grid gap-2">
              <h1 className="text-3xl font-semibold">In memory of {memorial.data.ownerName}</h1>
              {lifeYears(memorial.data.years) && (
                <p data-testid="memorial-years" className="text-xl text-stone-700">
                  {lifeYears(memorial.data.years)}
                </p>
              )}
              {memorial.data.introduction && (
                <p data-testid="memorial-introduction" className="whitespace-pre-line text-lg [overflow-wrap:anywhere]">
                  {memorial.data.introduction}
                </p>
              )}
              <p className="text-muted">
                {memorial.data.ownerName} chose to share these memories with everyone, and left a twin that answers from them.
                {memorial.data.readableUntil && <> This memorial closes on {formatDay(memorial.data.readableUntil.slice(0, 10))}.</>}
              </p>
            </div>
            <section aria-labelledby="memorial-twin-heading" className="grid gap-3">
              <h2 id="memorial-twin-heading" className="text-2xl font-semibold">
                Ask {memorial.data.ownerName}'s twin
              </h2>
              <VisitorChat
                place={{
                  id: `memorial-${slug}`,
                  api: buildPath(endpoints.askMemorialTwin.path, { params: { slug } }),
                  sourceHref: (memoryId) => `#memory-${memoryId}`,
                  recordingHref: (memoryId) => buildPath(endpoints.getMemorialMemoryRecording.path, { params: { slug, memoryId } }),
                  hint: "Enter sends; Shift+Enter starts a new line. Nothing you ask here is kept.",
                  keeps: false,
                }}
                twin={memorial.data}
              />
            </section>
            <ReleasedMemories
              source={(theme, decade) => memorialMemoriesQuery(slug, theme, decade)}
              recordingSrc={(memoryId) => buildPath(endpoints.getMemorialMemoryRecording.path, { params: { slug, memoryId } })}
              notes={memorialNotes}
              heading={(name) => `What ${name} shared`}
              headingLevel={2}
              emptyText={(name) => `${name} chose no memories to share here.`}
            />
          </>
        )}
      </main>
    </div>
  );
}
