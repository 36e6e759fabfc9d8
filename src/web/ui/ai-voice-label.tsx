import type { ReactNode } from "react";

/**
 * "AI voice", in words on every player of synthetic speech (SECURITY.md 41, decision 0030): a listener must not take a
 * clone for a recording, so the label is text (not a colour or an icon alone) and screen readers hear it too.
 */
export function AiVoiceLabel() {
  return (
    <span data-testid="ai-voice-label" className="inline-flex w-fit items-center rounded-full border border-stone-500 bg-stone-50 px-2 py-0.5 text-xs font-semibold text-stone-800">
      AI voice<span className="sr-only">: speech made by Mindprint from recordings, not a recording of the person</span>
    </span>
  );
}

/** A player of synthetic speech with its label as the caption; `shown` hides both while the element holds no audio. */
export function AiVoicePlayer({ shown = true, children }: { shown?: boolean; children: ReactNode }) {
  return (
    <figure className={shown ? "m-0 grid gap-1" : "hidden"}>
      <figcaption>
        <AiVoiceLabel />
      </figcaption>
      {children}
    </figure>
  );
}
