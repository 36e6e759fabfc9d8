import { useQuery } from "@tanstack/react-query";
import { exportFileName } from "../../../contract/data-export-options";
import { notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { exportSummaryQuery } from "../../lib/queries";
import { DownloadStatus } from "./download-status";
import { useFileDownload } from "./use-file-download";

/** "Export Voice Archive": the details of every voice session as JSON, and the recordings themselves as one tar file. */
export function VoiceArchiveCard() {
  const download = useFileDownload();
  const sessions = useQuery(exportSummaryQuery).data?.sessions;

  const start = async (kind: "voice" | "recordings") => {
    const fileName = exportFileName(kind, new Date());
    const endpoint = kind === "voice" ? "exportVoiceArchive" : "exportVoiceRecordings";
    if ((await download.start(endpoint, fileName)) === "saved") notifySuccess("Export downloaded", `${fileName} is in your downloads.`);
  };

  return (
    <section aria-labelledby="voice-archive-heading" className="grid content-start gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id="voice-archive-heading" className="text-xl font-semibold">
          Export Voice Archive
        </h2>
        <p className="mt-1 text-muted">
          A JSON file listing your voice sessions (file name, length, size, measured quality and date), and, separately, the recordings themselves as one
          .tar archive of WebM audio files that any archive tool opens.
        </p>
      </div>
      {sessions === 0 && <p className="rounded-lg bg-stone-50 px-3 py-2">No voice sessions yet. The archive will be an empty list.</p>}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void start("voice")} disabled={download.isExporting}>
          Download voice archive
        </Button>
        <Button variant="secondary" onClick={() => void start("recordings")} disabled={download.isExporting || !sessions}>
          Download recordings (.tar)
        </Button>
      </div>
      <DownloadStatus id="voice-archive-progress" download={download} />
    </section>
  );
}
