import { Link } from "react-router";
import { endpoints } from "../../../contract/endpoints";
import type { TwinMessage } from "../../../contract/twin";
import { TwinChat } from "./chat/twin-chat";
import { memoryLink } from "./source-list";
import { useInvalidateTwin } from "./twin-queries";
import { useAnswerFeedback } from "./use-answer-feedback";
import { useAnswerSpeaker } from "./use-answer-speaker";

const startHere = (
  <p className="p-2 text-muted">
    No conversation yet. Ask your twin about something you wrote in the{" "}
    <Link to="/dashboard/memories" className="font-medium text-brand-strong underline underline-offset-2">
      Memory Vault
    </Link>
    , for example a place, a person or a day you described.
  </p>
);

/**
 * Consciousness Validation Chat: the owner talking with their own twin. Besides what every twin chat does, the owner
 * rates each answer (kept), sees its grounding, hears it in their newest ready voice, and the status card counts it.
 */
export function OwnerChat({ history }: { history: TwinMessage[] }) {
  const review = useAnswerFeedback(history);
  const speaker = useAnswerSpeaker();
  const invalidate = useInvalidateTwin();
  return (
    <TwinChat
      id="twin-chat"
      api={endpoints.sendTwinMessage.path}
      twinName="your twin"
      ownerName={null}
      testIds="twin"
      history={history}
      keeps
      sourceHref={memoryLink}
      hint="Enter sends; Shift+Enter starts a new line."
      placeholder="Ask about something you wrote down…"
      empty={startHere}
      review={review}
      listen={{ speaker, inWhoseVoice: null, audioLabel: "Your twin's spoken answer" }}
      onAnswered={() => void invalidate()}
    />
  );
}
