import { Volume2 } from "lucide-react";
import { Link } from "react-router";
import { voiceCloneMessages } from "../../../contract/voice-options";
import { Button } from "../../ui/button";
import type { AnswerSpeaker } from "./use-answer-speaker";

/**
 * "Listen to this answer" (a visitor hears "in Edith's voice"): always offered to the owner, so the feature can be
 * found; without a ready voice a press explains why nothing plays and links to where a voice is trained (clearer than
 * a disabled button whose reason is hidden).
 */
export function ListenButton({ messageId, speaker, inWhoseVoice = null }: { messageId: string; speaker: AnswerSpeaker; inWhoseVoice?: string | null }) {
  const active = speaker.activeId === messageId;
  const state = active ? speaker.status : "idle";
  return (
    <div className="grid gap-1">
      <div>
        <Button variant="secondary" className="min-h-11 px-3 py-2 text-sm" disabled={speaker.status !== "idle"} onClick={() => void speaker.listen(messageId)}>
          <Volume2 aria-hidden="true" className="h-4 w-4" />
          {state === "loading" ? "Preparing…" : state === "playing" ? "Playing…" : <>
              Listen<span className="sr-only"> to this answer{inWhoseVoice && ` in ${inWhoseVoice} voice`}</span>
            </>}
        </Button>
      </div>
      {active && speaker.needsVoice && (
        <p role="status" className="text-sm text-amber-900" data-testid="twin-no-voice">
          {voiceCloneMessages.noReadyVoice}{" "}
          <Link to="/dashboard/voice" className="font-medium text-brand-strong underline underline-offset-2">
            Open the Voice Training Hub
          </Link>
        </p>
      )}
      {active && speaker.error && (
        <p role="alert" className="text-sm text-red-800">
          {speaker.error}
        </p>
      )}
    </div>
  );
}
