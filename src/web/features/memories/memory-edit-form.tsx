import { useEffect, type FormEvent } from "react";
import type { Memory } from "../../../contract/memories";
import { memoryMessages } from "../../../contract/memory-options";
import type { BodyOf } from "../../../contract/routes";
import { messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { draftFromMemory, happenedOnOfDraft, sameSeal, sealOfDraft, type MemoryDraft } from "./memory-draft";
import { MemoryFormFields } from "./memory-form-fields";
import { useUpdateMemory } from "./memory-queries";
import { useMemoryDraft } from "./use-memory-draft";

/** Only the fields that changed: an unchanged save sends nothing and makes no version. */
function changes(memory: Memory, draft: MemoryDraft): BodyOf<"updateMemory"> {
  const before = draftFromMemory(memory);
  const patch: BodyOf<"updateMemory"> = {};
  if (draft.content.trim() !== before.content) patch.content = draft.content.trim();
  if (draft.emotion && draft.emotion !== before.emotion) patch.emotion = draft.emotion;
  if (draft.category !== before.category) patch.category = draft.category;
  if (draft.tags.trim() !== before.tags) patch.tags = draft.tags;
  if (draft.emotionalIntensity !== before.emotionalIntensity) patch.emotionalIntensity = draft.emotionalIntensity;
  if (draft.visibility && draft.visibility !== memory.visibility) patch.visibility = draft.visibility;
  const seal = sealOfDraft(draft);
  if (!sameSeal(seal, memory.seal)) patch.seal = seal;
  const happenedOn = happenedOnOfDraft(draft);
  if (happenedOn !== undefined && happenedOn !== memory.happenedOn) patch.happenedOn = happenedOn;
  return patch;
}

/** The edit form of one memory (in its dialog); saving keeps the previous text as a version (a new audience or seal makes none). */
export function MemoryEditForm({ memory, onDone, onSaving }: { memory: Memory; onDone: () => void; onSaving?: (saving: boolean) => void }) {
  const form = useMemoryDraft(draftFromMemory(memory));
  const update = useUpdateMemory();
  // The dialog stays open while a save is on its way: closed, this form would be gone before a failure could be said.
  useEffect(() => onSaving?.(update.isPending), [update.isPending]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.complete) return;
    const patch = changes(memory, form.draft);
    if (Object.keys(patch).length === 0) return onDone();
    update.mutate(
      { id: memory.id, patch },
      {
        onSuccess: () => {
          notifySuccess("Memory updated", "The earlier version is kept in its history.");
          onDone();
        },
        onError: (error) => notifyError(memoryMessages.saveFailed, messageOf(error, "Unknown error")),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <MemoryFormFields idPrefix={`edit-${memory.id}`} draft={form.draft} onChange={form.setDraft} errors={form.errors} onBlurField={form.touch} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!form.complete || update.isPending}>
          {update.isPending ? "Saving…" : "Save changes"}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
