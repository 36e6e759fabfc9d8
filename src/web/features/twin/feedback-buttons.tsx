import { ThumbsDown, ThumbsUp } from "lucide-react";
import type { TwinFeedback } from "../../../contract/twin-options";

interface Props {
  value: TwinFeedback | null;
  disabled?: boolean;
  onChange: (next: TwinFeedback | null) => void;
}

const choices = [
  { value: "up", label: "This sounds like me", Icon: ThumbsUp },
  { value: "down", label: "This does not sound like me", Icon: ThumbsDown },
] as const;

/** Thumbs up/down on a twin answer: toggle buttons; pressing the active one again clears it. */
export function FeedbackButtons({ value, disabled, onChange }: Props) {
  return (
    <div role="group" aria-label="Feedback on this answer" className="flex gap-1">
      {choices.map(({ value: choice, label, Icon }) => {
        const pressed = value === choice;
        return (
          <button
            key={choice}
            type="button"
            aria-label={label}
            title={label}
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onChange(pressed ? null : choice)}
            className={`inline-flex h-11 w-11 items-center justify-center rounded-lg border transition-colors disabled:cursor-not-allowed ${
              pressed ? "border-brand bg-violet-100 text-brand-strong" : "border-stone-300 bg-white text-stone-600 hover:bg-stone-100"
            }`}
          >
            <Icon aria-hidden="true" className="h-5 w-5" fill={pressed ? "currentColor" : "none"} />
          </button>
        );
      })}
    </div>
  );
}
