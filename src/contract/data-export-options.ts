/** Zod-free constants of the data export, shared by the server and the web page. */

export const EXPORT_VERSION = "1.0";
export const EXPORT_FORMAT = "mindprint-consciousness-export";
export const ENCRYPTED_EXPORT_FORMAT = "mindprint-encrypted-export";
export const PASSPHRASE_MIN = 12;
export const PASSPHRASE_MAX = 1024;
/** The largest file the import accepts (a 10,000-memory export is about 10 MB). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

export const exportFileName = (kind: "consciousness" | "voice" | "recordings", date: Date, encrypted = false) => {
  const day = date.toISOString().slice(0, 10);
  if (kind === "recordings") return `voice-recordings-${day}.tar`;
  return kind === "voice" ? `voice-archive-${day}.json` : `consciousness-export-${day}${encrypted ? ".encrypted" : ""}.json`;
};

export const exportMessages = {
  passphraseTooShort: `Use a passphrase of at least ${PASSPHRASE_MIN} characters.`,
  passphraseTooLong: `A passphrase has at most ${PASSPHRASE_MAX} characters.`,
  passphraseMismatch: "The two passphrases do not match.",
  fileRequired: "Choose an export file to import.",
  fileTooLarge: "This file is larger than 64 MB, which is more than any Mindprint export. Choose the file you downloaded from Mindprint.",
  accountNotEmpty:
    "Import restores into an empty vault, and this account already has memories, conversations or voice sessions. Delete them (or use a new account) and import again; nothing was changed.",
  wrongPassphrase: "That passphrase does not open this file. Check it and try again; nothing was imported.",
  passphraseNeeded: "This file is encrypted. Enter the passphrase you chose when you exported it.",
  unsupportedEncryption:
    "This file was encrypted with settings Mindprint never uses, so nothing was imported. Import the file exactly as Mindprint exported it, or export again.",
  encryptionBusy: "Mindprint is opening other encrypted files right now. Try again in a few seconds; nothing was imported.",
  encryptionBusyExport: "Mindprint is encrypting other exports right now. Try again in a few seconds.",
  damagedFile: "This file is damaged or is not a Mindprint export, so nothing was imported. Download a fresh export and try again.",
  exportFailed: "The export could not be completed. Please try again.",
} as const;
