import { Play } from "lucide-react";
import { useState } from "react";
import { CLONE_TEST_DEFAULT_TEXT, CLONE_TEST_TEXT_MAX } from "../../../contract/voice-options";
import { useSpeechPlayer } from "../../lib/use-speech-player";
import { AiVoicePlayer } from "../../ui/ai-voice-label";
import { Button } from "../../ui/button";

/** Type a sentence and hear it in the trained voice: the clone test (spec sections 4 and 5). */
export function CloneTestCard({ voiceId, voiceName, idPrefix = "clone-test" }: { voiceId: string; voiceName: string; idPrefix?: string }) {
  const [text, setText] = useState(CLONE_TEST_DEFAULT_TEXT);
  const player = useSpeechPlayer({ maxChars: CLONE_TEST_TEXT_MAX });
  const blank = text.trim().length === 0;
  const busy = player.status !== "idle";

  return (
    <div data-testid="clone-test-card" className="grid gap-3 rounded-xl border border-emerald-200 bg-emerald-50/40 p-4">
      <div>
        <h3 className="text-lg font-semibold">Test your voice clone</h3>
        <p className="text-sm text-muted">
          <span className="font-medium text-emerald-800">{voiceName}</span> is ready. Type something and hear it spoken.
        </p>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-text`} className="block font-medium">
          Text to speak
        </label>
        <textarea
          id={`${idPrefix}-text`}
          rows={3}
          maxLength={CLONE_TEST_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${idPrefix}-count`}
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5"
        />
        <p id={`${idPrefix}-count`} className="mt-1 text-right text-sm tabular-nums text-muted" data-testid="clone-test-count">
          {text.length}/{CLONE_TEST_TEXT_MAX}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void player.speak(text, voiceId)} disabled={busy || blank}>
          <Play aria-hidden="true" className="h-4 w-4" />
          {player.status === "loading" ? "Preparing…" : player.status === "playing" ? "Playing…" : "Play"}
        </Button>
        {player.error && (
          <p role="alert" className="text-sm text-red-800" data-testid="clone-test-error">
            {player.error}
          </p>
        )}
      </div>
      {/* One element for every play; controls appear once it holds audio, to pause or hear it again without a new request. */}
      <AiVoicePlayer>
        <audio {...player.audioProps} data-testid="clone-test-audio" aria-label={`${voiceName} speaking your text`} controls={player.hasAudio} className="w-full" />
      </AiVoicePlayer>
      <p aria-live="polite" className="sr-only">
        {player.error ? "" : player.announcement}
      </p>
    </div>
  );
}
