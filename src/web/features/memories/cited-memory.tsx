import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ApiError } from "../../lib/api-client";
import { Spinner } from "../../ui/spinner";
import { MemoryCard } from "./memory-card";
import { memoryQuery } from "./memory-queries";

/**
 * A memory the twin cited (`/dashboard/memories?memory=<id>`) that is not among the cards shown (an older one, or
 * filtered out): fetched on its own and shown highlighted at the top. Says so plainly when it no longer exists.
 */
export function CitedMemory({ id }: { id: string }) {
  const query = useQuery(memoryQuery(id));
  return (
    <section aria-labelledby="cited-memory-heading" className="grid gap-3">
      <h2 id="cited-memory-heading" className="text-xl font-semibold">
        Cited memory
      </h2>
      {query.isPending ? (
        <Spinner label="Loading the cited memory…" />
      ) : query.isError ? (
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          {query.error instanceof ApiError && query.error.status === 404 ? "This memory no longer exists: it was deleted." : query.error.message}{" "}
          <Link to="/dashboard/twin" className="font-medium underline">
            Back to the Digital Twin Lab
          </Link>
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          <MemoryCard memory={query.data.memory} highlighted />
        </ul>
      )}
    </section>
  );
}
