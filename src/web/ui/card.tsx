import type { ReactNode } from "react";

interface Props {
  /** Used for the heading's id, so the region is named by its heading. */
  id: string;
  title: string;
  icon?: ReactNode;
  /** Something next to the heading, such as a "View All" link. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The frame of every dashboard card: a region named by its heading. */
export function Card({ id, title, icon, action, className = "", children }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} data-testid={id} className={`min-w-0 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          {icon}
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The class of the small text links inside cards ("View All", "Open Lab"): underlined, brand colour, a large target. */
export const cardLinkClass = "inline-flex min-h-11 items-center gap-1 font-medium text-brand-strong underline underline-offset-2 hover:text-brand";
