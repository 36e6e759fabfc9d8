import { useState } from "react";
import { isDraftComplete, validateDraft, type DraftErrors, type MemoryDraft } from "./memory-draft";

/** A draft with its validation: an error shows once its field was left, or after a save attempt. */
export function useMemoryDraft(initial: MemoryDraft) {
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof DraftErrors, boolean>>>({});
  const all = validateDraft(draft);
  const errors: DraftErrors = {
    content: touched.content ? all.content : undefined,
    emotion: touched.emotion ? all.emotion : undefined,
    seal: touched.seal ? all.seal : undefined,
    happenedOn: touched.happenedOn ? all.happenedOn : undefined,
  };
  return {
    draft,
    setDraft,
    errors,
    complete: isDraftComplete(draft),
    touch: (field: keyof DraftErrors) => setTouched((t) => ({ ...t, [field]: true })),
    touchAll: () => setTouched({ content: true, emotion: true, seal: true, happenedOn: true }),
    reset: () => {
      setDraft(initial);
      setTouched({});
    },
  };
}
