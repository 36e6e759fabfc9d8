import { useState } from "react";
import { LEGACY_NOTE_MAX } from "../../../contract/legacy-options";
import { messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { TextAreaField } from "../../ui/field";
import { useConfirmRelease, useReportDeath } from "./legacy-queries";

interface Entry {
  contactId: string;
  ownerName: string;
  state: "active" | "pending" | "released" | "paused" | "retired";
  deathReports: boolean;
  confirmedByMe: boolean;
}

/**
 * What a contact can do for someone who named them: report their death (when they allowed it and nothing has started),
 * and confirm a pending release. Reporting asks first, with an optional note for the executor.
 */
export function ContactActions({ entry }: { entry: Entry }) {
  const [reporting, setReporting] = useState(false);
  const [note, setNote] = useState("");
  const report = useReportDeath();
  const confirm = useConfirmRelease();
  if (entry.state === "pending") {
    return entry.confirmedByMe ? (
      <p className="text-sm text-muted">You confirmed this release. It happens once the waiting period is over and enough contacts have confirmed.</p>
    ) : (
      <div>
        <Button
          disabled={confirm.isPending}
          onClick={() =>
            confirm.mutate(entry.contactId, {
              onSuccess: () => notifySuccess("Release confirmed", `Thank you. ${entry.ownerName} can still cancel it during the waiting period.`),
              onError: (error) => notifyError("Could not confirm", messageOf(error)),
            })
          }
        >
          Confirm release
        </Button>
      </div>
    );
  }
  if (entry.state !== "active" || !entry.deathReports) return null;
  if (!reporting) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setReporting(true)}>
          Report a death
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-2 rounded-xl bg-stone-50 p-3" role="group" aria-label={`Report the death of ${entry.ownerName}`}>
      <p className="text-sm">
        {entry.ownerName} will be told at once and can cancel. Nothing is released before their waiting period ends and it is confirmed.
      </p>
      <TextAreaField id={`death-note-${entry.contactId}`} label="A note for their release history (optional)" rows={3} maxLength={LEGACY_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={report.isPending}
          onClick={() =>
            report.mutate(
              { contactId: entry.contactId, note },
              {
                onSuccess: () => {
                  setReporting(false);
                  notifySuccess("Death reported", "We are so sorry. The release is now pending.");
                },
                onError: (error) => notifyError("Could not send the report", messageOf(error)),
              },
            )
          }
        >
          {report.isPending ? "Sending…" : "Send report"}
        </Button>
        <Button variant="secondary" onClick={() => setReporting(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
