import { useState } from "react";
import type { TwinMessage } from "../../../contract/twin";
import type { TwinFeedback } from "../../../contract/twin-options";
import { messageOf } from "../../lib/api-client";
import { notifyError } from "../../lib/notify";
import type { ChatReview } from "./chat/twin-chat";
import { useSetTwinFeedback } from "./twin-queries";

/**
 * The owner's thumbs on their twin's answers: shown at once, saved in the background, put back with a toast when saving
 * fails. Starts from the stored feedback; answers given since start with none.
 */
export function useAnswerFeedback(history: TwinMessage[]): ChatReview {
  const [feedback, setFeedback] = useState<Record<string, TwinFeedback | null>>(() =>
    Object.fromEntries(history.filter((m) => m.role === "twin").map((m) => [m.id, m.feedback])),
  );
  const save = useSetTwinFeedback();
  const give = (id: string, next: TwinFeedback | null) => {
    const previous = feedback[id] ?? null;
    setFeedback((f) => ({ ...f, [id]: next }));
    save.mutate(
      { id, feedback: next },
      {
        onError: (error) => {
          setFeedback((f) => ({ ...f, [id]: previous }));
          notifyError("Could not save your feedback", messageOf(error));
        },
      },
    );
  };
  return { valueOf: (id) => feedback[id] ?? null, give };
}
