import { LockKeyhole, ShieldAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { exportFileName, exportMessages, PASSPHRASE_MAX, PASSPHRASE_MIN } from "../../../contract/data-export-options";
import { notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { DownloadStatus } from "./download-status";
import { useFileDownload } from "./use-file-download";

function passphraseErrors(passphrase: string, confirmation: string) {
  const errors: { passphrase?: string; confirmation?: string } = {};
  if (passphrase.length < PASSPHRASE_MIN) errors.passphrase = exportMessages.passphraseTooShort;
  else if (passphrase.length > PASSPHRASE_MAX) errors.passphrase = exportMessages.passphraseTooLong;
  if (!errors.passphrase && confirmation !== passphrase) errors.confirmation = exportMessages.passphraseMismatch;
  return errors;
}

/** "Export Consciousness Data": everything the person owns, as plain JSON or encrypted with a passphrase. */
export function ConsciousnessExportCard() {
  const download = useFileDownload();
  const [passphrase, setPassphrase] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [checked, setChecked] = useState(false);
  const errors = checked ? passphraseErrors(passphrase, confirmation) : {};

  const done = (fileName: string) => notifySuccess("Export downloaded", `${fileName} is in your downloads.`);

  const downloadPlain = async () => {
    const fileName = exportFileName("consciousness", new Date());
    if ((await download.start("exportConsciousness", fileName)) === "saved") done(fileName);
  };

  const downloadEncrypted = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(passphraseErrors(passphrase, confirmation)).length > 0) return;
    const fileName = exportFileName("consciousness", new Date(), true);
    if ((await download.start("exportConsciousnessEncrypted", fileName, { passphrase })) === "saved") {
      setPassphrase("");
      setConfirmation("");
      setChecked(false);
      done(fileName);
    }
  };

  return (
    <section aria-labelledby="consciousness-export-heading" className="grid gap-5 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id="consciousness-export-heading" className="text-xl font-semibold">
          Export Consciousness Data
        </h2>
        <p className="mt-1 text-muted">
          One JSON file with your profile, memories with their full edit history, calibration answers, personality summary, twin conversations and the details of
          your voice sessions. You can import it back into an empty Mindprint account.
        </p>
      </div>

      <div className="grid gap-3 rounded-xl border border-stone-200 p-4">
        <h3 className="flex items-center gap-2 font-semibold">
          <ShieldAlert aria-hidden="true" className="h-5 w-5 text-amber-700" />
          Plain JSON
        </h3>
        <p>
          <strong>This file is not encrypted.</strong> Anyone who gets hold of it can read everything in it. Keep it somewhere safe, or use a passphrase below.
        </p>
        <div>
          <Button onClick={() => void downloadPlain()} disabled={download.isExporting}>
            Download
          </Button>
        </div>
      </div>

      <form noValidate onSubmit={downloadEncrypted} aria-labelledby="encrypted-export-heading" className="grid gap-3 rounded-xl border border-stone-200 p-4">
        <h3 id="encrypted-export-heading" className="flex items-center gap-2 font-semibold">
          <LockKeyhole aria-hidden="true" className="h-5 w-5 text-brand" />
          Encrypt with a passphrase
        </h3>
        <p>
          The file is encrypted with AES-256-GCM, using a key derived from your passphrase. We never store the passphrase and <strong>cannot recover it</strong>: if you
          forget it, nobody can open the file, not even us. Use at least {PASSPHRASE_MIN} characters.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="export-passphrase"
            label="Passphrase"
            type="password"
            autoComplete="new-password"
            value={passphrase}
            onChange={(event) => setPassphrase(event.target.value)}
            error={errors.passphrase}
            maxLength={PASSPHRASE_MAX}
          />
          <TextField
            id="export-passphrase-confirm"
            label="Confirm passphrase"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={errors.confirmation}
            maxLength={PASSPHRASE_MAX}
          />
        </div>
        <div>
          <Button type="submit" disabled={download.isExporting}>
            Download encrypted
          </Button>
        </div>
      </form>

      <DownloadStatus id="consciousness-export-progress" download={download} />
    </section>
  );
}
