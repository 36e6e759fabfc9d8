/** The one progress bar: 0 to 100, named by a visible label (`labelledBy`) or by `label`. */
export function ProgressBar({
  value,
  label,
  labelledBy,
  valueText,
  fillClassName = "bg-brand",
  className = "",
}: {
  value: number;
  label?: string;
  labelledBy?: string;
  valueText?: string;
  fillClassName?: string;
  className?: string;
}) {
  const percent = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={`h-2 w-full overflow-hidden rounded-full bg-stone-200 ${className}`}
    >
      <div className={`h-full rounded-full transition-[width] duration-300 ${fillClassName}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
