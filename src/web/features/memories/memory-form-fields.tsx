import { TextAreaField, TextField } from "../../ui/field";
import { SEAL_DAYS_MAX } from "../../../contract/memory-options";
import { audienceHints, AudienceSelect, CategorySelect, EmotionSelect, IntensityRange } from "./memory-fields";
import type { DraftErrors, MemoryDraft, SealKind } from "./memory-draft";

const selectClass = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5";

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
      <fieldset className="grid gap-4 rounded-xl border border-stone-200 p-3 sm:grid-cols-2">
        <legend className="px-1 font-medium">Who may reach it later</legend>
        <div>
          <AudienceSelect
            id={`${idPrefix}-audience`}
            label="Audience"
            emptyLabel={draft.visibility === "" ? "From my legacy preference" : undefined}
            value={draft.visibility}
            onChange={(value) => set("visibility", value)}
            aria-describedby={`${idPrefix}-audience-hint`}
          />
          <p id={`${idPrefix}-audience-hint`} className="mt-1 text-sm text-muted">
            {draft.visibility === "" ? "Private, family or public, as you chose when you set up your profile." : audienceHints[draft.visibility]}
          </p>
        </div>
        <div className="grid gap-2">
          <div>
            <label htmlFor={`${idPrefix}-seal`} className="block font-medium">
              Seal
            </label>
            <select
              id={`${idPrefix}-seal`}
              className={selectClass}
              value={draft.sealKind}
              onChange={(e) => set("sealKind", e.target.value as SealKind)}
              onBlur={() => onBlurField("seal")}
            >
              <option value="none">Not sealed</option>
              <option value="until">Sealed until a date</option>
              <option value="daysAfterRelease">Sealed for some days after release</option>
            </select>
          </div>
          {draft.sealKind === "until" && (
            <TextField
              id={`${idPrefix}-seal-date`}
              label="Opens on"
              type="date"
              value={draft.sealDate}
              error={errors.seal}
              onChange={(e) => set("sealDate", e.target.value)}
              onBlur={() => onBlurField("seal")}
            />
          )}
          {draft.sealKind === "daysAfterRelease" && (
            <TextField
              id={`${idPrefix}-seal-days`}
              label="Days after release"
              type="number"
              inputMode="numeric"
              min={1}
              max={SEAL_DAYS_MAX}
              value={draft.sealDays}
              error={errors.seal}
              onChange={(e) => set("sealDays", e.target.value)}
              onBlur={() => onBlurField("seal")}
            />
          )}
        </div>
      </fieldset>
    </div>
  );
}
