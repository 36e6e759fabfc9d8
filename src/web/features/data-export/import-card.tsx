import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { ENCRYPTED_EXPORT_FORMAT, exportMessages, IMPORT_FILE_MAX_BYTES, PASSPHRASE_MAX } from "../../../contract/data-export-options";
import type { ImportResult } from "../../../contract/data-export";
import { ApiError, callApi } from "../../lib/api-client";
import { plural } from "../../lib/format";
import { notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { ActionError } from "./action-error";

const encryptedMarker = new RegExp(`"format"\\s*:\\s*"${ENCRYPTED_EXPORT_FORMAT}"`);

interface ChosenFile {
  name: string;
  text: string;
  encrypted: boolean;
}


function ImportSummary({ result }: { result: ImportResult }) {
  const { imported, notRestored } = result;
  return (
    <div role="status" className="grid gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
      <p className="font-semibold">Import complete. Restored:</p>
      <ul className="list-disc pl-5" aria-label="Restored">
        <li>{plural(imported.memories, "memory", "memories")} ({plural(imported.memoryVersions, "version", "versions")} of edit history)</li>
        <li>{plural(imported.calibrationAnswers, "calibration answer", "calibration answers")}</li>
        <li>{plural(imported.conversations, "twin conversation message", "twin conversation messages")}</li>
        <li>{imported.reflection ? "Your personality summary" : "No personality summary (the file had none)"}</li>
        <li>{plural(imported.personalityAttempts, "personality questionnaire", "personality questionnaires")}</li>
        <li>{plural(imported.scenarioAnswers, "decision scenario answer", "decision scenario answers")}</li>
        <li>{plural(imported.biometricSources, "connected device with its readings", "connected devices with their readings")}</li>
        <li>{plural(imported.people, "person in your life", "people in your life")}</li>
      </ul>
      <p>
        Voice sessions, voice clones and voice consents are not restored from a JSON export, because the recordings are not in the file
        {notRestored.voiceSessions + notRestored.voiceProfiles + notRestored.voiceConsents > 0
          ? ` (this file listed ${plural(notRestored.voiceSessions, "voice session", "voice sessions")}, ${plural(notRestored.voiceProfiles, "voice clone", "voice clones")} and ${plural(notRestored.voiceConsents, "voice consent", "voice consents")})`
          : ""}
        . To use your voice here, record your consent again in Legacy.
      </p>
    </div>
  );
}

/** "Restore from an export": reads a Mindprint export file (plain or encrypted) and restores it into an empty account. */
export function ImportCard() {
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const [file, setFile] = useState<ChosenFile | null>(null);
  // A new key empties the file input after a successful import.
  const [inputKey, setInputKey] = useState(0);
  const [passphrase, setPassphrase] = useState("");
  const [clientError, setClientError] = useState<{ file?: string; passphrase?: string }>({});
  const restore = useMutation({
    mutationFn: (body: { file: string; passphrase?: string }) => callApi("importConsciousness", body),
    onSuccess: () => {
      setFile(null);
      setPassphrase("");
      setInputKey((key) => key + 1);
      notifySuccess("Import complete", "Your data was restored.");
      void queryClient.invalidateQueries();
    },
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    restore.reset();
    setClientError({});
    setPassphrase("");
    setFile(null);
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > IMPORT_FILE_MAX_BYTES) {
      setClientError({ file: exportMessages.fileTooLarge });
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text, encrypted: encryptedMarker.test(text.slice(0, 4096)) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (restore.isPending) return;
    if (!file) return setClientError({ file: clientError.file ?? exportMessages.fileRequired });
    if (file.encrypted && passphrase.length === 0) return setClientError({ passphrase: exportMessages.passphraseNeeded });
    setClientError({});
    restore.mutate({ file: file.text, passphrase: file.encrypted ? passphrase : undefined });
  };

  const serverError = restore.error;
  const passphraseError =
    clientError.passphrase ?? (serverError instanceof ApiError && serverError.code === "validation_failed" ? serverError.fields?.passphrase : undefined);

  return (
    <section aria-labelledby="import-heading" className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id="import-heading" className="text-xl font-semibold">
          Restore from an export
        </h2>
        <p className="mt-1 text-muted">
          Bring a Mindprint export file back into an account that has no memories, conversations or voice sessions yet. An import is all or nothing: if anything is
          wrong with the file, nothing is changed.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div>
          <label htmlFor={fileInputId} className="block font-medium">
            Export file (.json)
          </label>
          <input
            key={inputKey}
            id={fileInputId}
            type="file"
            accept=".json,application/json"
            onChange={(event) => void choose(event)}
            aria-invalid={Boolean(clientError.file)}
            aria-describedby={clientError.file ? `${fileInputId}-error` : undefined}
            className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-1.5 file:font-medium"
          />
          {clientError.file && (
            <p id={`${fileInputId}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {clientError.file}
            </p>
          )}
          {file && (
            <p className="mt-1 text-sm text-muted" data-testid="import-file-kind">
              {file.encrypted ? `${file.name} is an encrypted export.` : `${file.name} is a plain JSON export.`}
            </p>
          )}
        </div>
        {file?.encrypted && (
          <TextField
            id="import-passphrase"
            label="Passphrase of this file"
            type="password"
            autoComplete="current-password"
            value={passphrase}
            maxLength={PASSPHRASE_MAX}
            onChange={(event) => setPassphrase(event.target.value)}
            error={passphraseError}
          />
        )}
        <div>
          <Button type="submit" disabled={restore.isPending || !file}>
            {restore.isPending ? "Importing…" : "Import"}
          </Button>
        </div>
      </form>
      {restore.isPending && <p role="status">Importing… An encrypted file takes a few seconds to open.</p>}
      <ActionError error={serverError} fallback="The import could not be completed, so nothing was imported. Please try again." />
      {restore.data && <ImportSummary result={restore.data} />}
    </section>
  );
}
