import { useState } from "react";
import { LEGACY_PAUSE_MESSAGE_MAX } from "../../../contract/legacy-options";
import { Download } from "lucide-react";
import { downloadFromApi, messageOf } from "../../lib/api-client";
import { saveFile } from "../../lib/save-file";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { ConfirmDelete } from "../../ui/confirm-delete";
import { TextAreaField } from "../../ui/field";
import { useNarrowVoice, useTwinControl } from "./legacy-queries";

interface Entry {
  contactId: string;
  ownerName: string;
  role: "contact" | "executor";
  state: "active" | "pending" | "released" | "paused" | "retired";
}

/**
 * What an executor can do with a released twin: pause it for every visitor (with a message they will see), resume it,
 * or retire it for good. Each says what it will do before it does it; retiring asks first. Nothing for plain contacts
 * or before release.
 */
export function HeirControls({ entry }: { entry: Entry }) {
  if (entry.role !== "executor" || (entry.state !== "released" && entry.state !== "paused" && entry.state !== "retired")) return null;
  return (
    <div role="group" aria-label={`Executor controls for ${entry.ownerName}'s twin`} className="grid gap-2 rounded-xl bg-stone-50 p-3">
      <p className="text-sm font-medium">As their executor you can</p>
      <DownloadReleased contactId={entry.contactId} />
      {entry.state !== "retired" && <TwinStateControls entry={entry} />}
    </div>
  );
}

/** Pause (with a message), resume, narrow the voice consent, retire. */
function TwinStateControls({ entry }: { entry: Entry }) {
  const control = useTwinControl();
  const [pausing, setPausing] = useState(false);
  const [message, setMessage] = useState("");
  const run = (action: "pause" | "resume" | "retire", done: string, after?: () => void) =>
    control.mutate(
      { contactId: entry.contactId, action, message },
      {
        onSuccess: () => {
          notifySuccess(done, action === "retire" ? `${entry.ownerName}'s twin no longer answers anyone.` : "Every visitor sees the change at once.");
          after?.();
        },
        onError: (error) => notifyError("Could not change the twin", messageOf(error)),
      },
    );
  return (
    <>
      {entry.state === "released" && !pausing && (
        <div>
          <Button variant="secondary" onClick={() => setPausing(true)}>
            Pause the twin
          </Button>
        </div>
      )}
      {pausing && (
        <div className="grid gap-2">
          <p className="text-sm">
            Pausing stops {entry.ownerName}'s twin answering anyone until you resume it. Visitors see your message, and can still read what {entry.ownerName} left them.
          </p>
          <TextAreaField
            id={`pause-message-${entry.contactId}`}
            label="A message visitors will see while it is paused (optional)"
            rows={2}
            maxLength={LEGACY_PAUSE_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button disabled={control.isPending} onClick={() => run("pause", "Twin paused", () => setPausing(false))}>
              {control.isPending ? "Pausing…" : "Pause for everyone"}
            </Button>
            <Button variant="secondary" onClick={() => setPausing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {entry.state === "paused" && (
        <div className="grid gap-1">
          <p id={`resume-what-${entry.contactId}`} className="text-sm">
            Resuming lets {entry.ownerName}'s twin answer the people {entry.ownerName} named again.
          </p>
          <div>
            <Button disabled={control.isPending} aria-describedby={`resume-what-${entry.contactId}`} onClick={() => run("resume", "Twin resumed")}>
              Resume the twin
            </Button>
          </div>
        </div>
      )}
      <NarrowVoice contactId={entry.contactId} ownerName={entry.ownerName} />
      <ConfirmDelete
        actionLabel="Retire the twin"
        question={`Retire ${entry.ownerName}'s twin for good? It stops answering everyone and cannot be brought back; what they left stays readable for the time they chose.`}
        pending={control.isPending}
        onConfirm={(cancel) => run("retire", "Twin retired", cancel)}
      />
    </>
  );
}

/** The released memories as one JSON file, saved by the browser. */
function DownloadReleased({ contactId }: { contactId: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadFromApi("downloadReleasedMemories", undefined, { params: { id: contactId } });
      saveFile(file.blob, file.fileName ?? "released-memories.json");
    } catch (error) {
      notifyError("Could not download the memories", messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-1">
      <p id={`download-what-${contactId}`} className="text-sm">
        Saves every released memory you can read as one file on this device.
      </p>
      <div>
        <Button variant="secondary" disabled={busy} aria-describedby={`download-what-${contactId}`} onClick={() => void download()}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {busy ? "Preparing…" : "Download the released memories"}
        </Button>
      </div>
    </div>
  );
}

/** Narrow who may hear the owner's voice (never widen it): the server refuses anything not smaller than the current scope. */
function NarrowVoice({ contactId, ownerName }: { contactId: string; ownerName: string }) {
  const narrow = useNarrowVoice();
  const [scope, setScope] = useState<"only-me" | "contacts-after-release">("only-me");
  const id = `narrow-voice-${contactId}`;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        narrow.mutate(
          { contactId, scope },
          {
            onSuccess: () => notifySuccess("Voice consent narrowed", `Fewer people may now hear ${ownerName}'s voice.`),
            onError: (error) => notifyError("Could not narrow the voice consent", messageOf(error)),
          },
        );
      }}
    >
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          Who may hear {ownerName}'s voice
        </label>
        <p id={`${id}-what`} className="text-sm text-muted">
          Narrowing is for good: nobody, you included, can widen it again.
        </p>
        <select id={id} aria-describedby={`${id}-what`} value={scope} onChange={(e) => setScope(e.target.value as typeof scope)} className="mt-1 block rounded-lg border border-stone-300 bg-white px-3 py-2.5">
          <option value="only-me">Nobody any more (only {ownerName})</option>
          <option value="contacts-after-release">{ownerName}'s contacts, not the public</option>
        </select>
      </div>
      <Button type="submit" variant="secondary" disabled={narrow.isPending}>
        Narrow
      </Button>
    </form>
  );
}
