import { TextAreaField, TextField } from "../../ui/field";
import { CategorySelect, EmotionSelect, IntensityRange } from "./memory-fields";
import type { DraftErrors, MemoryDraft } from "./memory-draft";

interface Props {
  idPrefix: string;
  draft: MemoryDraft;
  onChange: (draft: MemoryDraft) => void;
  /** Errors to show now (fields the person has left, or everything after a save attempt). */
  errors: DraftErrors;
  onBlurField: (field: keyof DraftErrors) => void;
}

/** The fields shared by "Add New Memory" and the inline edit form. */
export function MemoryFormFields({ idPrefix, draft, onChange, errors, onBlurField }: Props) {
  const set = <K extends keyof MemoryDraft>(key: K, value: MemoryDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <div className="grid gap-4">
      <TextAreaField
        id={`${idPrefix}-content`}
        label="Memory"
        rows={4}
        required
        placeholder="What happened, who was there, what did it feel like?"
        value={draft.content}
        error={errors.content}
        onChange={(e) => set("content", e.target.value)}
        onBlur={() => onBlurField("content")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <EmotionSelect
          id={`${idPrefix}-emotion`}
          label="Emotion"
          emptyLabel="Choose an emotion"
          required
          value={draft.emotion}
          error={errors.emotion}
          onChange={(value) => set("emotion", value)}
          onBlur={() => onBlurField("emotion")}
        />
        <CategorySelect id={`${idPrefix}-category`} label="Category" value={draft.category} onChange={(value) => set("category", value || "personal")} />
      </div>
      <TextField id={`${idPrefix}-tags`} label="Tags (comma-separated)" placeholder="summer, grandma, lake" value={draft.tags} onChange={(e) => set("tags", e.target.value)} />
      <IntensityRange id={`${idPrefix}-intensity`} value={draft.emotionalIntensity} onChange={(value) => set("emotionalIntensity", value)} />
    </div>
  );
}
