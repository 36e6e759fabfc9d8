import { useId } from "react";
import { plural } from "../../lib/format";
import type { LinkReason } from "./memory-graph-links";
import type { GraphNode } from "./memory-graph-layout";
import { shortText } from "./memory-graph-title";

interface Props {
  id: string;
  selected: GraphNode | null;
  connections: { node: GraphNode; reasons: LinkReason[] }[];
  /** Chooses a linked memory instead (and moves the focus to its node). */
  onChoose: (id: string) => void;
  hasLinks: boolean;
}

const linkedText = (count: number) => (count === 0 ? "not linked to the other memories shown" : `linked to ${plural(count, "memory", "memories")}`);

/** Beside the network: the chosen memory, the memories it is linked to and why, or how to choose one. */
export function ConnectionPanel({ id, selected, connections, onChoose, hasLinks }: Props) {
  const headingId = useId();
  return (
    <div id={id} role="region" aria-labelledby={headingId} className="min-w-0 flex-1 rounded-xl border border-stone-200 bg-stone-50 p-4 text-sm">
      <h3 id={headingId} className="text-base font-semibold">
        {selected ? "What this memory connects to" : "Connections"}
      </h3>
      {/* Said once the choice changes, so a keyboard user hears the result of Enter without leaving the node. */}
      <p className="sr-only" aria-live="polite">
        {selected ? `${shortText(selected.content, 60)}: ${linkedText(connections.length)}, listed after the network.` : ""}
      </p>
      {!selected ? (
        <p className="mt-1 text-muted">
          {hasLinks
            ? "Choose a memory in the network (click it, or Tab to it and press Enter) to see what it shares with the others."
            : "Choose a memory in the network to read more of it here."}
        </p>
      ) : (
        <>
          <p className="mt-1 [overflow-wrap:anywhere]">“{shortText(selected.content, 240)}”</p>
          <p className="mt-3 font-medium">{connections.length === 0 ? "Not linked yet." : `Linked to ${plural(connections.length, "memory", "memories")}:`}</p>
          {connections.length === 0 ? (
            <p className="mt-1 text-muted">It shares no person, place, tag or theme with the other memories shown. Naming who was there and where, or adding a tag, can link it.</p>
          ) : (
            <ul className="mt-2 grid gap-2" data-testid="graph-connections">
              {connections.map(({ node, reasons }) => (
                <li key={node.id} className="rounded-lg border border-stone-200 bg-white p-3">
                  <button
                    type="button"
                    onClick={() => onChoose(node.id)}
                    className="text-left font-medium text-brand-strong underline decoration-dotted underline-offset-2 [overflow-wrap:anywhere] hover:decoration-solid"
                  >
                    “{shortText(node.content, 90)}”<span className="sr-only">: show its connections</span>
                  </button>
                  <ul className="mt-1 list-disc pl-5 text-muted">
                    {reasons.map((reason) => (
                      <li key={reason.text}>{reason.text}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
