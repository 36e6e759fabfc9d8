import { Bot, LifeBuoy } from "lucide-react";
import { aiNotice } from "../../../contract/crisis";
import type { TwinAnswerKind } from "../../../contract/twin-options";

/**
 * The notice every twin conversation opens with (issue 33): the twin is an AI made from what the person recorded, not
 * the person. Nothing the owner writes for visitors replaces it; it is said again inside the conversation when the
 * server says it is due (every 3 hours of continued use, or a new session).
 */
export function AiNoticeBanner({ name }: { name: string | null }) {
  return (
    <p role="note" data-testid="ai-notice" className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
      <Bot aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{aiNotice(name)}</span>
    </p>
  );
}

/** The notice again, inside the conversation, above the answer that carries it. */
export function InlineAiNotice({ text }: { text: string }) {
  return (
    <p role="note" data-testid="ai-notice-inline" className="mb-2 flex items-start gap-2 rounded-lg bg-sky-50 px-2 py-1.5 text-sm text-sky-950">
      <Bot aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}

/**
 * Mindprint's check-in above a twin answer, when the crisis check was unsure (issue 42): what the twin is and where help
 * is, in Mindprint's words, never in the owner's voice (Listen reads the answer alone).
 */
export function CheckIn({ text }: { text: string }) {
  const [line = "", ...resources] = text.split("\n");
  return (
    <div role="note" aria-label="Check-in from Mindprint" data-testid="check-in" className="mb-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
      <p className="flex items-center gap-1.5 font-medium text-sky-900">
        <LifeBuoy aria-hidden="true" className="h-4 w-4" />
        Check-in from Mindprint
      </p>
      <p className="mt-1">{line}</p>
      {resources.length > 0 && (
        <ul className="mt-1 grid gap-0.5">
          {resources.map((r) => (
            <li key={r}>{r.replace(/^•\s*/, "")}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Who is speaking in an answer: only a twin answer is the twin. The support message to a person in crisis, the
 * answer to "Are you real?" and a notice are Mindprint's, and say so (issue 47: live and after a reload alike).
 */
export function SpeakerLabel({ kind, twinLabel }: { kind: TwinAnswerKind | undefined; twinLabel: string }) {
  if (kind === "support") {
    return (
      <p data-testid="support-message-label" className="flex items-center gap-1.5 text-sm font-medium text-sky-900">
        <LifeBuoy aria-hidden="true" className="h-4 w-4" />
        Support message from Mindprint
      </p>
    );
  }
  if (kind === "identity" || kind === "notice") {
    return (
      <p data-testid={`${kind}-message-label`} className="flex items-center gap-1.5 text-sm font-medium text-sky-900">
        <Bot aria-hidden="true" className="h-4 w-4" />
        {kind === "identity" ? "About this twin, from Mindprint" : "Notice from Mindprint"}
      </p>
    );
  }
  return <p className="text-sm font-medium text-brand-strong">{twinLabel}</p>;
}
