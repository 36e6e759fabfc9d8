import { useState } from "react";
import type { TwinSourceRef } from "../../../../contract/twin-options";
import { formatDuration } from "../../../lib/format";
import { Button } from "../../../ui/button";
import { RecordingPlayer } from "../../../ui/recording-player";

/** Where the owner's own recording of a cited memory is heard by this reader (a contact's or a memorial's address). */
export interface OwnVoice {
  ownerName: string;
  recordingHref: (memoryId: string) => string;
}

/**
 * "Hear Nora tell it": under a twin answer, the owner's own recording of each cited memory this reader may hear. It is
 * their real voice, recorded by them, and is labelled so, apart from the twin's AI voice (Listen). The whole recording
 * plays: transcripts keep no word timings yet to find the cited passage in it.
 */
export function OwnVoiceRecordings({ sources, ownVoice }: { sources: TwinSourceRef[]; ownVoice: OwnVoice }) {
  const recorded = sources.filter((s) => s.kind === "memory" && s.available && s.recordingSeconds !== undefined);
  if (recorded.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label={`${ownVoice.ownerName}'s own recordings of these memories`}>
      {recorded.map((s) => (
        <li key={s.id}>
          <OwnRecording source={s} ownVoice={ownVoice} />
        </li>
      ))}
    </ul>
  );
}

function OwnRecording({ source, ownVoice }: { source: TwinSourceRef; ownVoice: OwnVoice }) {
  const [open, setOpen] = useState(false);
  const length = formatDuration(source.recordingSeconds ?? 0);
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Hear ${ownVoice.ownerName} tell it, ${length}: ${source.label}`}>
        Hear {ownVoice.ownerName} tell it ({length})
      </Button>
    );
  }
  return (
    <div className="grid gap-1 rounded-xl bg-amber-50 p-2" data-testid="own-voice-recording">
      <p className="text-sm font-medium text-amber-900">
        {ownVoice.ownerName}'s own voice, recorded by {ownVoice.ownerName} (not AI): {source.label}
      </p>
      <RecordingPlayer src={ownVoice.recordingHref(source.id)} label={`${ownVoice.ownerName}'s own recording: ${source.label}`} playAtOnce />
    </div>
  );
}
