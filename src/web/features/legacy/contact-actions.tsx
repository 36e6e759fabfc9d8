import { useState } from "react";
import { LEGACY_NOTE_MAX } from "../../../contract/legacy-options";
import { ApiError, messageOf } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifyNeutral } from "../../lib/notify";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { TextAreaField, TextField } from "../../ui/field";
import { useConfirmRelease, useReportDeath } from "./legacy-queries";

interface Entry {
  contactId: string;
  ownerName: string;
  role: "contact" | "executor";
  state: "active" | "pending" | "released" | "paused" | "retired";
  deathReports: boolean;
  confirmedByMe: boolean;
  /** The end of the waiting period of a pending release. */
  releaseAfter: string | null;
}

/**
 * When a pending release will happen, in words: on the day its waiting period ends (or at once when it has ended), on
 * this confirmation for an executor, or once enough people have confirmed for anyone else.
 */
function releaseWhen(entry: Pick<Entry, "ownerName" | "role" | "releaseAfter">, now = Date.now()): string {
  const ended = !entry.releaseAfter || Date.parse(entry.releaseAfter) <= now;
  if (entry.role === "executor") {
    return ended
      ? `${entry.ownerName}'s waiting period is over: the release happens as soon as you confirm.`
      : `The release will happen on ${formatDateTime(entry.releaseAfter!)}, when ${entry.ownerName}'s waiting period ends, unless ${entry.ownerName} cancels it before then.`;
  }
  return ended
    ? `${entry.ownerName}'s waiting period is over: the release happens as soon as an executor, or enough of the people named, have confirmed.`
    : `The release can happen on ${formatDateTime(entry.releaseAfter!)}, when ${entry.ownerName}'s waiting period ends, once an executor or enough of the people named have confirmed. ${entry.ownerName} can cancel it until then.`;
}

/** Today in the reader's own calendar (YYYY-MM-DD): the date of death they give is a date where they live. */
const localToday = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/**
 * What a contact can do for someone who named them: report their death (when they allowed it and nothing has started),
 * and confirm a pending release. Both ask first and say what will happen: reporting with an optional note for the
 * executor, confirming in a dialog with the date the release will happen.
 */
export function ContactActions({ entry }: { entry: Entry }) {
  const [reporting, setReporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState("");
  const [diedOn, setDiedOn] = useState("");
  const report = useReportDeath();
  const diedOnError = report.error instanceof ApiError ? report.error.fields?.diedOn : undefined;
  const confirm = useConfirmRelease();
  if (entry.state === "pending") {
    return entry.confirmedByMe ? (
      <p className="text-sm text-muted">You confirmed this release. {releaseWhen({ ...entry, role: "contact" })}</p>
    ) : (
      <div className="grid gap-2">
        <p className="text-sm" data-testid="release-when">
          {releaseWhen(entry)}
        </p>
        <div>
          <Button onClick={() => setConfirming(true)}>Confirm release</Button>
        </div>
        {confirming && (
          <ConfirmDialog
            title={`Confirm the release of ${entry.ownerName}'s legacy?`}
            actionLabel="Confirm release"
            pendingLabel="Confirming…"
            pending={confirm.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={() =>
              confirm.mutate(entry.contactId, {
                onSuccess: () => {
                  setConfirming(false);
                  notifyNeutral("Release confirmed", `Thank you. ${entry.ownerName} can still cancel it during the waiting period.`);
                },
                onError: (error) => notifyError("Could not confirm", messageOf(error)),
              })
            }
          >
            <p>{releaseWhen(entry)}</p>
            <p>
              Once released, the people {entry.ownerName} named can read what {entry.ownerName} left them and talk with {entry.ownerName}'s twin. Your confirmation is
              recorded in the release history.
            </p>
          </ConfirmDialog>
        )}
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
      <TextField
        id={`died-on-${entry.contactId}`}
        type="date"
        label={
          <>
            Date of death <span className="font-normal text-muted">(optional)</span>
          </>
        }
        hint="The public memorial shows its year beside the year of birth."
        max={localToday()}
        value={diedOn}
        onChange={(e) => setDiedOn(e.target.value)}
        error={diedOnError}
      />
      <TextAreaField id={`death-note-${entry.contactId}`} label="A note for their release history (optional)" rows={3} maxLength={LEGACY_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={report.isPending}
          onClick={() =>
            report.mutate(
              { contactId: entry.contactId, note, diedOn: diedOn || null },
              {
                onSuccess: () => {
                  setReporting(false);
                  // News of a death is never a "success": a plain toast, no check mark.
                  notifyNeutral("Your report was sent", `We are so sorry. ${entry.ownerName} has been told, and the release is now pending.`);
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
