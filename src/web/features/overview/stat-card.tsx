import type { ReactNode } from "react";
import { FormulaLink, type FormulaTopic } from "../../ui/formula-link";

interface Props {
  id: string;
  title: string;
  icon: ReactNode;
  /** The figure itself, large. */
  value: ReactNode;
  children?: ReactNode;
  /** The section of the formulas page that says how the figure is worked out. */
  formula: FormulaTopic;
}

/** One of the four stat cards: a named region with its figure and a line that says what it counts. */
export function StatCard({ id, title, icon, value, children, formula }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} data-testid={id} className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-medium text-muted">
        {icon}
        {title}
      </h2>
      <p className="mt-2 text-3xl font-semibold" data-testid={`${id}-value`}>
        {value}
      </p>
      {children && <div className="mt-1 text-sm text-muted">{children}</div>}
      <FormulaLink topic={formula} className="mt-2 inline-block" />
    </section>
  );
}
