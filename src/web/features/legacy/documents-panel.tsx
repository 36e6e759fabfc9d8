import { formatBytes } from "../../lib/format";
import { useQueryClient } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { endpoints } from "../../../contract/endpoints";
import type { LegacyDocument } from "../../../contract/legacy";
import { LEGACY_DOCUMENT_MAX_MB } from "../../../contract/legacy-options";
import { buildPath, messageOf, uploadToApi } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";


/** A list of documents with a download link each. */
export function DocumentList({ documents, hrefOf, label }: { documents: LegacyDocument[]; hrefOf: (d: LegacyDocument) => string; label: string }) {
  if (documents.length === 0) return null;
  return (
    <ul aria-label={label} className="grid gap-1 text-sm">
      {documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-2">
          <FileText aria-hidden="true" className="h-4 w-4 text-muted" />
          <a href={hrefOf(d)} download={d.filename} className="font-medium text-brand-strong underline [overflow-wrap:anywhere]">
            {d.filename}
          </a>
          <span className="text-muted">
            ({formatBytes(d.size)}, from {d.uploadedBy}, {formatDateTime(d.createdAt)})
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * On a contact's home, once a death has been reported: attach a document (a death certificate, say) for the executors,
 * and the documents this contact may see (all for an executor, their own otherwise). Documents are read by the
 * executors (and the one who attached it, and the owner): an executor is the one they are for, so an executor sees the
 * documents and is not offered the upload "for the executor".
 */
export function DocumentsPanel({ entry }: { entry: { contactId: string; ownerName: string; role: "contact" | "executor"; state: string; documents: LegacyDocument[] } }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (entry.state === "active" || entry.state === "retired") return null;
  const id = `document-${entry.contactId}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setError(`Choose a PDF, JPEG or PNG file of at most ${LEGACY_DOCUMENT_MAX_MB} MB.`);
    setError(null);
    setBusy(true);
    try {
      const form = new FormData();
      form.append("document", file, file.name);
      await uploadToApi("uploadLegacyDocument", form, { params: { id: entry.contactId } });
      notifySuccess("Document attached", "Only the executors (and you) can see it.");
      if (input.current) input.current.value = "";
      await queryClient.invalidateQueries({ queryKey: ["legacy"] });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2 text-sm">
      <DocumentList
        documents={entry.documents}
        label={`Documents about ${entry.ownerName}`}
        hrefOf={(d) => buildPath(endpoints.getLegacyDocument.path, { params: { id: entry.contactId, docId: d.id } })}
      />
      {entry.role !== "executor" && (
        <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={id} className="block font-medium">
              Attach a document for the executor <span className="font-normal text-muted">(optional: PDF, JPEG or PNG, up to {LEGACY_DOCUMENT_MAX_MB} MB)</span>
            </label>
            <input id={id} ref={input} type="file" accept="application/pdf,image/jpeg,image/png" className="mt-1 block max-w-full text-sm" aria-describedby={error ? `${id}-error` : undefined} />
          </div>
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? "Uploading…" : "Attach"}
          </Button>
        </form>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
