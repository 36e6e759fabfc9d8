import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { endpoints } from "../../../contract/endpoints";
import type { Memory } from "../../../contract/memories";
import type { VoiceSession } from "../../../contract/voice";
import { buildPath, messageOf } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { voiceSessionsQuery, formatClock } from "../voice";
import { useUpdateMemory } from "./memory-queries";
import { RecordingPlayer } from "../../ui/recording-player";

/**
 * A recording as the chooser names it: its first transcribed words, or the question it answered, then when and how long.
 * A recording not yet transcribed is named by its time alone.
 */
export function recordingLabel(session: VoiceSession): string {
  const when = `${formatDateTime(session.createdAt)}, ${formatClock(session.durationSeconds)}`;
  const words = session.firstWords ? `“${session.firstWords}”` : session.question ? `Answer to “${session.question}”` : null;
  return words ? `${words} (${when})` : when;
}

/**
 * The owner's own recording on a memory (issue 34): played here, attached from their recordings or taken off. Who
 * else may hear it is the recordings audience in the Legacy section. The list of recordings loads only when asked for.
 */
export function MemoryRecording({ memory }: { memory: Memory }) {
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState("");
  const update = useUpdateMemory();
  const sessions = useQuery({ ...voiceSessionsQuery, enabled: choosing });
  const setRecording = (recordingId: string | null) =>
    update.mutate(
      { id: memory.id, patch: { recordingId } },
      {
        onSuccess: () => {
          setChoosing(false);
          notifySuccess(recordingId ? "Recording attached" : "Recording taken off", recordingId ? "It plays on this memory." : "The recording itself is kept with your recordings.");
        },
        onError: (error) => notifyError("Could not change the recording", messageOf(error)),
      },
    );
  const selectId = `memory-${memory.id}-recording`;
  if (memory.recordingId) {
    return (
      <div className="grid gap-2" data-testid="memory-recording">
        <RecordingPlayer src={buildPath(endpoints.getVoiceSessionAudio.path, { params: { id: memory.recordingId } })} label="Your recording of this memory" />
        <div>
          <Button variant="secondary" disabled={update.isPending} onClick={() => setRecording(null)}>
            Take the recording off
          </Button>
        </div>
      </div>
    );
  }
  if (!choosing) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setChoosing(true)}>
          Attach a recording
        </Button>
      </div>
    );
  }
  const own = sessions.data?.sessions.filter((s) => s.purpose === "training") ?? [];
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="memory-recording-attach">
      <div className="grid gap-1">
        <label htmlFor={selectId} className="text-sm font-medium">
          Your recording of this memory
        </label>
        <select id={selectId} className="min-h-11 rounded-lg border border-stone-300 bg-white px-3" value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={sessions.isPending}>
          <option value="">{sessions.isPending ? "Loading your recordings…" : own.length === 0 ? "No recordings yet (record in Voice)" : "Choose a recording"}</option>
          {own.map((s) => (
            <option key={s.id} value={s.id}>
              {recordingLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <Button disabled={!chosen || update.isPending} onClick={() => setRecording(chosen)}>
        Attach
      </Button>
      <Button variant="secondary" onClick={() => setChoosing(false)}>
        Cancel
      </Button>
    </div>
  );
}
