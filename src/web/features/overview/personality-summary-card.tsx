import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Brain, RefreshCw } from "lucide-react";
import type { Overview } from "../../../contract/overview";
import { callApi, messageOf } from "../../lib/api-client";
import { notifyError } from "../../lib/notify";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { formatDateTime } from "../../lib/format";
import { Card } from "../../ui/card";
import { overviewKey } from "../../lib/queries";

/** The onboarding screen's fallback when the model answers with nothing (nothing is stored then). */
const EMPTY_SUMMARY = "Unable to generate summary at this time.";

/** Writes (or rewrites) the summary with the configured model; the overview is read again once it is stored. */
function useGenerateSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi("generateReflection"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
    onError: (error) => notifyError("Could not write your personality summary", messageOf(error)),
  });
}

/** Personality Summary: absent, then generating, then present; Regenerate replaces it, and a failure keeps the old one. */
export function PersonalitySummaryCard({ reflection }: { reflection: Overview["reflection"] }) {
  const generate = useGenerateSummary();
  const busy = generate.isPending;
  const cameBackEmpty = generate.isSuccess && !generate.data.reflection.summary.trim();

  return (
    <Card id="personality-summary" title="Personality Summary" icon={<Brain aria-hidden="true" className="h-5 w-5 text-brand" />}>
      <div aria-live="polite" aria-busy={busy}>
        {reflection ? (
          <>
            <p data-testid="personality-summary-text" className="whitespace-pre-line leading-relaxed">
              {reflection.summary}
            </p>
            {reflection.traitsUsed.length > 0 && (
              <ul aria-label="Traits" className="mt-3 flex flex-wrap gap-1.5 text-sm">
                {reflection.traitsUsed.map((trait) => (
                  <li key={trait} className="rounded-full bg-violet-50 px-2.5 py-0.5 font-medium text-brand-strong">
                    {trait}
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3 text-sm text-muted">
              Last updated <time dateTime={reflection.updatedAt}>{formatDateTime(reflection.updatedAt)}</time>
            </p>
          </>
        ) : busy ? (
          <Spinner label="Generating your personality summary…" />
        ) : (
          <p className="text-muted">
            No summary yet. Mindprint can write one from your profile and your calibration answers; you can regenerate it whenever you have added more.
          </p>
        )}
        {generate.isError && (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {messageOf(generate.error)}
          </p>
        )}
        {cameBackEmpty && <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{EMPTY_SUMMARY}</p>}
      </div>
      <Button variant={reflection ? "secondary" : "primary"} className="mt-4" disabled={busy} aria-busy={busy} onClick={() => generate.mutate()}>
        <RefreshCw aria-hidden="true" className={`h-4 w-4 ${busy ? "animate-spin" : ""}`} />
        {reflection ? (busy ? "Regenerating…" : "Regenerate") : busy ? "Generating…" : "Generate"}
      </Button>
    </Card>
  );
}
