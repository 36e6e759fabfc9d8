/** Zod-free constants of the data export, shared by the server and the web page. */

export const EXPORT_VERSION = "1.0";
export const EXPORT_FORMAT = "mindprint-consciousness-export";
export const ENCRYPTED_EXPORT_FORMAT = "mindprint-encrypted-export";
export const PASSPHRASE_MIN = 12;
export const PASSPHRASE_MAX = 1024;
/**
 * The largest export text the import accepts (an encrypted file may be a third larger: base64). Chosen from the
 * largest realistic vault we could make (issue 31, decision 0023): 5,000 memories of 2,000 characters each edited once,
 * 5,000 twin messages and ten years of eight daily watch figures export to 45.4 MB (60.5 MB encrypted); 48 MiB
 * leaves a margin above it. Short memories fit many more: 10,000 of 500 characters are about 22 MB.
 */
export const IMPORT_MAX_BYTES = 48 * 1024 * 1024;
/** The largest file: an encrypted export of IMPORT_MAX_BYTES (base64 adds a third) and its header. */
export const IMPORT_FILE_MAX_BYTES = Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024;

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
  fileTooLarge: "This file holds more than 48 MB of export (64 MB when encrypted), which is more than Mindprint imports. Choose the file you downloaded from Mindprint.",
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
  transferBusyPerson: "Your other export or import is still running. Wait for it to finish, then try again.",
  transferBusy: "Mindprint is preparing many exports and imports right now. Try again in a few seconds.",
} as const;
