import type { SelectHTMLAttributes } from "react";
import { emotionValues, memoryCategoryValues, memoryVisibilityLabels, memoryVisibilityValues, type Emotion, type MemoryCategory, type MemoryVisibility } from "../../../contract/memory-options";

const selectClass = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5";

export const categoryLabel = (category: MemoryCategory) => category.charAt(0).toUpperCase() + category.slice(1);

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange"> {
  id: string;
  label: string;
  error?: string;
}

/** Emotion picker; `emptyLabel` adds a first option with the empty value ("Choose an emotion", "All emotions"). */
export function EmotionSelect({ id, label, error, emptyLabel, value, onChange, ...rest }: SelectProps & { emptyLabel?: string; value: Emotion | ""; onChange: (value: Emotion | "") => void }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value as Emotion | "")}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {emotionValues.map((emotion) => (
          <option key={emotion} value={emotion}>
            {emotion}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function CategorySelect({ id, label, emptyLabel, value, onChange, ...rest }: SelectProps & { emptyLabel?: string; value: MemoryCategory | ""; onChange: (value: MemoryCategory | "") => void }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value as MemoryCategory | "")} {...rest}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {memoryCategoryValues.map((category) => (
          <option key={category} value={category}>
            {categoryLabel(category)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Emotional intensity 1–10 as a range input, its current value shown next to the label. */
export function IntensityRange({ id, value, onChange }: { id: string; value: number; onChange: (value: number) => void }) {
  return (
    <div>
      <label htmlFor={id} className="flex items-center justify-between font-medium">
        <span>Emotional intensity</span>
        <output htmlFor={id} className="rounded-full bg-violet-50 px-2.5 py-0.5 text-sm text-brand-strong">
          {value} / 10
        </output>
      </label>
      <input id={id} type="range" min={1} max={10} step={1} value={value} onChange={(e) => onChange(Number(e.target.value))} className="mt-2 block w-full accent-brand" />
    </div>
  );
}

/** What each audience means, in a sentence, for the picker's hint. */
export const audienceHints: Record<MemoryVisibility, string> = {
  private: "Only you, now and always. Never released.",
  family: "Your legacy contacts, once your legacy is released.",
  "twin-only": "Only your own twin uses it. Your contacts never see it, and their twin does not use it, even after release.",
  public: "Anyone visiting your memorial, after release.",
};

/** Audience picker; `emptyLabel` adds a first option with the empty value ("From my legacy preference", "All audiences"). */
export function AudienceSelect({ id, label, emptyLabel, value, onChange, ...rest }: SelectProps & { emptyLabel?: string; value: MemoryVisibility | ""; onChange: (value: MemoryVisibility | "") => void }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value as MemoryVisibility | "")} {...rest}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {memoryVisibilityValues.map((visibility) => (
          <option key={visibility} value={visibility}>
            {memoryVisibilityLabels[visibility]}
          </option>
        ))}
      </select>
    </div>
  );
}
