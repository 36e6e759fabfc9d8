import { useQuery } from "@tanstack/react-query";
import { exportFileName } from "../../../contract/data-export-options";
import { notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { exportSummaryQuery } from "./export-queries";
import { DownloadStatus } from "./download-status";
import { useFileDownload } from "./use-file-download";

/** "Export Voice Archive": the details of every voice session as JSON; the audio files come with voice recording. */
export function VoiceArchiveCard() {
  const download = useFileDownload();
  const sessions = useQuery(exportSummaryQuery).data?.sessions;

  const start = async () => {
    const fileName = exportFileName("voice", new Date());
    if ((await download.start("exportVoiceArchive", fileName)) === "saved") notifySuccess("Export downloaded", `${fileName} is in your downloads.`);
  };

  return (
    <section aria-labelledby="voice-archive-heading" className="grid content-start gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id="voice-archive-heading" className="text-xl font-semibold">
          Export Voice Archive
        </h2>
        <p className="mt-1 text-muted">
          A JSON file listing your voice sessions: file name, length, size and date. Today it holds these details only; the audio files themselves will be included
          once voice recording is available.
        </p>
      </div>
      {sessions === 0 && <p className="rounded-lg bg-stone-50 px-3 py-2">No voice sessions yet. The archive will be an empty list.</p>}
      <div>
        <Button onClick={() => void start()} disabled={download.isExporting}>
          Download voice archive
        </Button>
      </div>
      <DownloadStatus id="voice-archive-progress" download={download} />
    </section>
  );
}
