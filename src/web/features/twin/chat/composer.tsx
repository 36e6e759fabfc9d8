import { Send, Square } from "lucide-react";
import type { FormEvent } from "react";
import { TWIN_MESSAGE_MAX } from "../../../../contract/twin-options";
import { Button } from "../../../ui/button";
import { enterSends } from "../twin-ui-message";
import type { TwinChatProps } from "./twin-chat";
import type { TwinStream } from "./use-twin-stream";

type Props = Pick<TwinChatProps, "twinName" | "testIds" | "hint" | "placeholder" | "unavailable"> & { stream: TwinStream };

/**
 * The message box: Enter sends, Shift+Enter starts a new line, Stop while an answer comes. While the twin answers
 * nothing (paused or retired), the reason and the executor's own words stand in its place.
 */
export function Composer({ stream, twinName, testIds, hint, placeholder, unavailable }: Props) {
  if (unavailable) {
    return (
      <div role="status" className="grid gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950" data-testid={`${testIds}-twin-unavailable`}>
        <p>{unavailable.reason}</p>
        {unavailable.executorMessage && <p className="[overflow-wrap:anywhere]">Their executor wrote: “{unavailable.executorMessage}”</p>}
      </div>
    );
  }
  const { input, setInput, send, busy, stop } = stream;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const boxId = `${testIds}-message`;
  return (
    // On a phone the conversation is the page, so the box stays at the bottom of the screen, always at hand.
    <form onSubmit={onSubmit} className="sticky bottom-0 z-10 grid gap-2 border-t border-stone-200 bg-white/95 pt-2 pb-3 backdrop-blur sm:static sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
      <label htmlFor={boxId} className="font-medium">
        Message {twinName}
      </label>
      <textarea
        id={boxId}
        rows={3}
        maxLength={TWIN_MESSAGE_MAX}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        onKeyDown={enterSends(send)}
        aria-describedby={`${boxId}-hint`}
        placeholder={placeholder}
        className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5"
      />
      <p id={`${boxId}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <div className="flex flex-wrap gap-2">
        {busy && (
          <Button type="button" variant="secondary" onClick={stop}>
            <Square aria-hidden="true" className="h-4 w-4" />
            Stop
          </Button>
        )}
        <Button type="submit" disabled={input.trim().length === 0 || busy}>
          <Send aria-hidden="true" className="h-4 w-4" />
          Send
        </Button>
      </div>
    </form>
  );
}
