import { useRef, type FormEvent } from "react";
import { memoryMessages } from "../../../contract/memory-options";
import { messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { emptyDraft, happenedOnOfDraft, sealOfDraft, stillNeededToSave } from "./memory-draft";
import { MemoryFormFields } from "./memory-form-fields";
import { useCreateMemory } from "./memory-queries";
import { useMemoryDraft } from "./use-memory-draft";

const reasonOf = (error: unknown) => messageOf(error, "Unknown error");

/**
 * "Add New Memory": one "Memory" field until the person starts to write in it, then the whole form, so a returning
 * person sees search and their collection on the first screen. Save stays disabled until there is content and an emotion.
 */
export function AddMemoryForm() {
  const form = useMemoryDraft(emptyDraft);
  // Writing opens the rest of the form. Focus alone does not: tabbing past, or clicking the field and then a card
  // below, would otherwise unfold and fold it under the pointer.
  const expanded = form.draft !== emptyDraft;
  const section = useRef<HTMLElement>(null);
  // After Save or Cancel the form folds and the focus stays in the memory field, not lost with the vanished button.
  const fold = () => {
    form.reset();
    const active = document.activeElement;
    // Only when the focus was here (or lost): a person who moved on to search while saving keeps their place.
    if (active && active !== document.body && !section.current?.contains(active)) return;
    document.getElementById("new-memory-content")?.focus();
  };
  const create = useCreateMemory();
  // One key per memory being written: pressing Save again after a lost answer returns the copy already stored.
  const attemptKey = useRef(crypto.randomUUID());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.complete || !form.draft.emotion) return;
    const { content, emotion, category, tags, emotionalIntensity, visibility } = form.draft;
    create.mutate(
      {
        body: { content: content.trim(), emotion, category, tags, emotionalIntensity, ...(visibility ? { visibility } : {}), seal: sealOfDraft(form.draft), happenedOn: happenedOnOfDraft(form.draft) ?? null },
        idempotencyKey: attemptKey.current,
      },
      {
        onSuccess: () => {
          attemptKey.current = crypto.randomUUID();
          fold();
          notifySuccess("Memory saved", "It is in your vault and your twin can draw on it.");
        },
        onError: (error) => notifyError(memoryMessages.saveFailed, `${memoryMessages.saveFailed}: ${reasonOf(error)}`),
      },
    );
  };

  const needed = stillNeededToSave(form.draft);
  return (
    <section ref={section} aria-labelledby="add-memory-heading" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="add-memory-heading" className="text-xl font-semibold">
        Add New Memory
      </h2>
      <form noValidate onSubmit={submit} className="mt-3 grid gap-4">
        <MemoryFormFields
          idPrefix="new-memory"
          draft={form.draft}
          onChange={form.setDraft}
          errors={form.errors}
          onBlurField={form.touch}
          collapsed={!expanded}
          contentPlaceholder="Add a memory: what happened, who was there, what did it feel like?"
        />
        {expanded && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!form.complete || create.isPending} aria-describedby={needed ? "new-memory-needed" : undefined}>
              {create.isPending ? "Saving…" : "Save Memory"}
            </Button>
            <Button type="button" variant="secondary" onClick={fold}>
              Cancel
            </Button>
            {needed && (
              <p id="new-memory-needed" className="basis-full text-sm text-muted">
                {needed}
              </p>
            )}
          </div>
        )}
      </form>
    </section>
  );
}
