/** How a turn ended when the server saved nothing: the person stopped it, or it failed. */
export type Unsaved = "stopped" | "failed";

/** "your twin" → "Your twin": who answers, at the start of a sentence. */
export const sentenceStart = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * What a chat says about an answer that was not saved, on the answer and on the question that got none. A chat that
 * keeps its conversation (the owner's, a contact's) says nothing was saved; a memorial keeps nothing, so it only says
 * what happened.
 */
export function unsavedWords(twinName: string, keeps: boolean) {
  return {
    answer: (outcome: Unsaved) => (keeps ? `${outcome === "stopped" ? "Stopped" : "Failed"} — this answer was not saved.` : outcome === "stopped" ? "Stopped." : "Failed."),
    question: (outcome: Unsaved) =>
      outcome === "stopped"
        ? `Stopped before ${twinName} answered${keeps ? " — nothing was saved." : "."}`
        : keeps
          ? `Not saved — ${twinName} did not answer.`
          : `${sentenceStart(twinName)} did not answer.`,
  };
}
