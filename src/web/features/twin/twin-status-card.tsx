import { useQuery } from "@tanstack/react-query";
import type { TwinStatus } from "../../../contract/twin";
import { Activity } from "lucide-react";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { Card } from "../../ui/card";
import { FormulaLink, type FormulaTopic } from "../../ui/formula-link";
import { twinStatusQuery } from "./twin-queries";
import { formatDateTime } from "../../lib/format";

/** The twin's status from the server's real figures: what it can draw on, when that changed, fidelity and the model. */
export function TwinStatusCard() {
  // While the server is reading memories for meaning (just written, or after an upgrade), the card follows along;
  // it stops as soon as no such work is waiting, whatever the counts say.
  const status = useQuery({ ...twinStatusQuery, refetchInterval: (query) => (query.state.data?.readingMemories ? 3000 : false) });
  return (
    <Card id="twin-status" title="Twin Status" icon={<Activity aria-hidden="true" className="h-5 w-5 text-brand" />}>
      {status.data ? (
        <StatusFigures status={status.data} />
      ) : status.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3">
          <p className="text-red-800">Failed to load your twin's status.</p>
          <Button variant="secondary" className="mt-2" onClick={() => void status.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <Spinner label="Loading your twin's status…" />
      )}
    </Card>
  );
}

function StatusFigures({ status }: { status: TwinStatus }) {
  const figures: [label: string, value: string, note?: string, formula?: FormulaTopic][] = [
    [
      "Memories your twin can draw on",
      String(status.memoriesAvailable),
      [
        status.memoriesEmbedded < status.memoriesAvailable
          ? status.readingMemories
            ? `Reading them for meaning: ${status.memoriesEmbedded} of ${status.memoriesAvailable} so far`
            : `${status.memoriesEmbedded} of ${status.memoriesAvailable} read for meaning; the rest are found by their words`
          : undefined,
        status.memoriesHidden > 0 ? `${status.memoriesHidden} hidden from your twin` : undefined,
      ]
        .filter(Boolean)
        .join(". ") || undefined,
    ],
    ["Calibration answers", String(status.calibrationAnswers)],
    ["Last trained", status.lastTrainedAt ? formatDateTime(status.lastTrainedAt) : "Not yet", "When the material it learns from last changed"],
    [
      "Ratings",
      status.ratings.rated > 0 ? `${Math.round((100 * status.ratings.up) / status.ratings.rated)}%` : "—",
      status.ratings.rated > 0
        ? `${status.ratings.up} of ${status.ratings.rated} rated answers rated up by you`
        : "Rate the twin's answers with the thumbs below to measure how well it sounds like you",
      "twinRatings",
    ],
    [
      "Honesty test",
      status.honesty ? `${status.honesty.declined} of ${status.honesty.checked}` : "—",
      status.honesty
        ? `Declined ${status.honesty.declined} of ${status.honesty.checked} built-in test questions on topics you never mention (a helicopter, a submarine…). Questions near your memories are harder: rate its answers to show it where it is wrong.`
        : "Add at least 3 memories to run this check",
      "honestyCheck",
    ],
    ["Conversation messages", String(status.conversations)],
    ["Model", status.provider === "local" ? "Offline model" : status.modelName, status.provider === "local" ? status.modelName : status.provider],
  ];
  return (
    <dl className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
      {figures.map(([label, value, note, formula]) => (
        <div key={label} data-testid={`twin-status-${label.split(" ")[0]!.toLowerCase()}`} className="rounded-xl bg-stone-50 px-3 py-2">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="text-lg font-semibold">{value}</dd>
          {note && <dd className="text-sm text-muted">{note}</dd>}
          {formula && (
            <dd>
              <FormulaLink topic={formula} />
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
