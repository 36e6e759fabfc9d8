import type { KeyboardEvent } from "react";

interface ChoiceCardProps {
  role: "checkbox" | "radio";
  checked: boolean;
  /** Shown and announced as unavailable; activating it calls onBlocked instead of onSelect. */
  unavailable?: boolean;
  label: string;
  description?: string;
  onSelect: () => void;
  onBlocked?: () => void;
  tabIndex?: number;
}

/** A large selectable card, operated by click, Enter or Space, announced as a checkbox or radio. */
export function ChoiceCard({ role, checked, unavailable = false, label, description, onSelect, onBlocked, tabIndex = 0 }: ChoiceCardProps) {
  const activate = () => (unavailable ? onBlocked?.() : onSelect());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate();
    }
  };
  return (
    <div
      role={role}
      aria-checked={checked}
      aria-disabled={unavailable || undefined}
      tabIndex={tabIndex}
      onClick={activate}
      onKeyDown={onKeyDown}
      className={`cursor-pointer rounded-xl border-2 p-4 transition-colors ${
        checked ? "border-brand bg-violet-50" : "border-stone-200 bg-white hover:border-stone-400"
      } ${unavailable ? "cursor-not-allowed opacity-50" : ""}`}
    >
      <span className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`mt-0.5 grid h-5 w-5 shrink-0 place-items-center border-2 ${role === "radio" ? "rounded-full" : "rounded"} ${
            checked ? "border-brand bg-brand text-white" : "border-stone-400"
          }`}
        >
          {checked ? "✓" : ""}
        </span>
        <span>
          <span className="block font-medium">{label}</span>
          {description && <span className="mt-0.5 block text-sm text-muted">{description}</span>}
        </span>
      </span>
    </div>
  );
}
