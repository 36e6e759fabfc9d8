import { Link } from "react-router";
import type { TwinSourceRef } from "../../../contract/twin-options";

export const memoryLink = (id: string) => `/dashboard/memories?memory=${encodeURIComponent(id)}`;

/** One cited source: a memory links to it in the Memory Vault; a calibration answer is not a page, so it is named in words. */
function Source({ source, href }: { source: TwinSourceRef; href: (memoryId: string) => string }) {
  if (!source.available) {
    // The server names a source it can no longer show in the reader's words ("A memory you have since deleted", "A memory
    // no longer shared with you"), so the label is shown as it is.
    return <span className="text-muted">{source.label}</span>;
  }
  if (source.kind === "calibration") return <span>Your answer to: {source.label}</span>;
  return (
    <Link to={href(source.id)} className="font-medium text-brand-strong underline underline-offset-2 hover:text-brand">
      {source.label}
    </Link>
  );
}

/**
 * The sources an answer or decision used, as a list (links for memories, text for calibration answers). A memory
 * links into the owner's Memory Vault unless `href` says where this reader reads it (a contact's or a memorial's page).
 */
export function SourceList({ sources, label, href = memoryLink }: { sources: TwinSourceRef[]; label: string; href?: (memoryId: string) => string }) {
  return (
    <ul aria-label={label} className="mt-1 grid gap-1">
      {sources.map((source) => (
        <li key={`${source.kind}-${source.id}`} className="break-words">
          <Source source={source} href={href} />
        </li>
      ))}
    </ul>
  );
}

export const groundingExplanation =
  "Grounded is the lower of two figures: how sure the twin is that what it cites answers the question, and the share of the answer's words that come from it. Near 100% means both: it is sure, and it used your own words.";

export function GroundingScore({ score }: { score: number | null | undefined }) {
  if (score == null) return null;
  return (
    <span title={groundingExplanation} data-testid="grounding" className="rounded-full bg-emerald-50 px-2 py-0.5 text-sm font-medium text-emerald-800">
      Grounded: {score}%
    </span>
  );
}
