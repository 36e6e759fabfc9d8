import { Prose } from "../../ui/prose";

interface FaqListProps {
  items: { heading: string; id: string; html: string }[];
  /** Native <details name>: only one answer open at a time, and each can be closed again. */
  exclusive?: string;
}

/** An accordion of questions built on <details>, so it works by keyboard and with JavaScript off. */
export function FaqList({ items, exclusive }: FaqListProps) {
  return (
    <div className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
      {items.map((item) => (
        <details key={item.id} name={exclusive} className="group px-5 py-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium">
            <h3>{item.heading}</h3>
            <span aria-hidden="true" className="text-xl text-brand transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <Prose html={item.html} className="mt-3 text-muted" />
        </details>
      ))}
    </div>
  );
}
