import { History } from "lucide-react";
import { Link } from "react-router";
import type { Overview } from "../../../contract/overview";
import { formatDateTime } from "../../lib/format";
import { cardLinkClass, Card } from "../../ui/card";

/** Recent Memories: the 3 newest, each cut to 50 characters, with their emotion and date. */
export function RecentMemoriesCard({ recent }: { recent: Overview["memories"]["recent"] }) {
  return (
    <Card
      id="recent-memories"
      title="Recent Memories"
      icon={<History aria-hidden="true" className="h-5 w-5 text-brand" />}
      action={
        <Link to="/dashboard/memories" className={cardLinkClass} aria-label="View All memories">
          View All
        </Link>
      }
    >
      {recent.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 p-4 text-center">
          <p>No memories yet</p>
          <Link to="/dashboard/memories" className={`${cardLinkClass} justify-center`}>
            Add your first memory
          </Link>
        </div>
      ) : (
        <ul className="grid gap-2">
          {recent.map((m) => (
            <li key={m.id} data-testid="recent-memory" className="rounded-xl bg-stone-50 p-3">
              <p className="break-words">{m.excerpt}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
                <span className="rounded-full bg-violet-50 px-2.5 py-0.5 font-medium text-brand-strong">{m.emotion}</span>
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
