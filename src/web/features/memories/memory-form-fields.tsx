import { TextAreaField, TextField } from "../../ui/field";
import { SEAL_DAYS_MAX } from "../../../contract/memory-options";
import { monthNames } from "../../../contract/memory-when";
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
  /** Only the memory itself, in two lines: the add form until the person starts to write. */
  collapsed?: boolean;
  contentPlaceholder?: string;
}

/** The fields shared by "Add New Memory" and the edit dialog. */
export function MemoryFormFields({ idPrefix, draft, onChange, errors, onBlurField, collapsed = false, contentPlaceholder }: Props) {
  const set = <K extends keyof MemoryDraft>(key: K, value: MemoryDraft[K]) => onChange({ ...draft, [key]: value });
  const content = (
    <TextAreaField
      id={`${idPrefix}-content`}
      label="Memory"
      rows={collapsed ? 2 : 4}
      required
      placeholder={contentPlaceholder ?? "What happened, who was there, what did it feel like?"}
      value={draft.content}
      // Folded, the field is only an invitation: leaving it empty is not an error.
      error={collapsed ? undefined : errors.content}
      onChange={(e) => set("content", e.target.value)}
      onBlur={() => !collapsed && onBlurField("content")}
    />
  );
  // One tree whether folded or not: the memory field must keep its focus when the rest of the form opens under it.
  return (
    <div className="grid gap-4">
      {content}
      {!collapsed && (
        <>
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
          <fieldset className="grid gap-2 rounded-xl border border-stone-200 p-3" aria-describedby={`${idPrefix}-when-hint${errors.happenedOn ? ` ${idPrefix}-when-error` : ""}`}>
            <legend className="px-1 font-medium">When it happened (optional)</legend>
            <p id={`${idPrefix}-when-hint`} className="text-sm text-muted">
              A year is enough; add the month or the day if you know them. It places the memory on your timeline, and your twin can say when.
            </p>
            <div className="grid grid-cols-[minmax(0,6rem)_minmax(0,1fr)_minmax(0,5rem)] gap-2">
              <div>
                <label htmlFor={`${idPrefix}-when-year`} className="block text-sm font-medium">
                  Year
                </label>
                <input
                  id={`${idPrefix}-when-year`}
                  className={selectClass}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={4}
                  placeholder="1998"
                  value={draft.whenYear}
                  aria-invalid={errors.happenedOn ? true : undefined}
                  onChange={(e) => set("whenYear", e.target.value)}
                  onBlur={() => onBlurField("happenedOn")}
                />
              </div>
              <div>
                <label htmlFor={`${idPrefix}-when-month`} className="block text-sm font-medium">
                  Month
                </label>
                <select
                  id={`${idPrefix}-when-month`}
                  className={selectClass}
                  value={draft.whenMonth}
                  onChange={(e) => onChange({ ...draft, whenMonth: e.target.value, whenDay: e.target.value === "" ? "" : draft.whenDay })}
                  onBlur={() => onBlurField("happenedOn")}
                >
                  <option value="">—</option>
                  {monthNames.map((name, i) => (
                    <option key={name} value={String(i + 1)}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${idPrefix}-when-day`} className="block text-sm font-medium">
                  Day
                </label>
                <input
                  id={`${idPrefix}-when-day`}
                  className={selectClass}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={2}
                  disabled={draft.whenMonth === ""}
                  value={draft.whenDay}
                  onChange={(e) => set("whenDay", e.target.value)}
                  onBlur={() => onBlurField("happenedOn")}
                />
              </div>
            </div>
            {errors.happenedOn && (
              <p id={`${idPrefix}-when-error`} role="alert" className="text-sm text-red-700">
                {errors.happenedOn}
              </p>
            )}
          </fieldset>
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
        </>
      )}
    </div>
  );
}
