import { Button } from "../../ui/button";
import { ActionError } from "./action-error";
import { ExportProgress } from "./export-progress";
import type { useFileDownload } from "./use-file-download";

/** Everything a download card shows under its buttons: progress, Cancel while running, cancelled note, errors. */
export function DownloadStatus({ id, download }: { id: string; download: ReturnType<typeof useFileDownload> }) {
  return (
    <>
      <ExportProgress id={id} value={download.progress} />
      {download.isExporting && (
        <div>
          <Button variant="secondary" onClick={download.cancel}>
            Cancel export
          </Button>
        </div>
      )}
      {download.cancelled && <p role="status">Export cancelled. Nothing was saved.</p>}
      <ActionError error={download.error} />
    </>
  );
}
