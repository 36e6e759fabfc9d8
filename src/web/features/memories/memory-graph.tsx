import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { Memory } from "../../../contract/memories";
import type { Emotion } from "../../../contract/memory-options";
import { plural } from "../../lib/format";
import { LoadFailed } from "../../ui/load-failed";
import { useGraphChoice } from "./memory-graph-choice";
import { GraphChooser } from "./memory-graph-chooser";
import { connectionsOf, GRAPH_MAX_WIDTH, layoutGraph, linkPath, type GraphLayout } from "./memory-graph-layout";
import { ConnectionPanel } from "./memory-graph-panel";
import { shortText } from "./memory-graph-title";

const emotionColor: Record<Emotion, string> = {
  Joy: "#f59e0b",
  Love: "#e11d48",
  Pride: "#7c3aed",
  Excitement: "#ea580c",
  Reflection: "#0891b2",
  Sadness: "#2563eb",
  Anger: "#b91c1c",
  Fear: "#475569",
  Surprise: "#16a34a",
  Nostalgia: "#a16207",
};
/** The dot's radius and the padding above it inside a node's button: the dot's centre sits this far below its top. */
const DOT_RADIUS = 14;
const BUTTON_TO_DOT = DOT_RADIUS + 4;
/** A node's accessible name: the memory itself, up to a long paragraph (a memory can hold 10,000 characters). */
const SPOKEN_CHARACTERS = 300;

/** The width (CSS pixels) of the element `ref` points at, measured before paint and on every resize; null until then. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** The drawing's text alternative: which memories it shows (describeShown) and how many links join them. */
function summaryOf({ links }: GraphLayout, description: string): string {
  const connections = links.length === 0 ? "no connections yet" : plural(links.length, "connection", "connections");
  return `Memory network of ${description}: ${connections}.`;
}

/** What to do next when there is nothing, or nothing linked, to draw (`chosen`: a theme, person or decade is chosen). */
function emptyAdvice(nodeCount: number, chosen: boolean): string | null {
  if (nodeCount === 0 && chosen) return "No memories here now. Choose “Most connected” to see the others.";
  if (nodeCount === 1 && chosen) return "Only one memory here, so nothing for it to connect to. Choose “Most connected” to see the others.";
  if (nodeCount === 0) return "No memories to connect yet. Add a few that mention the same people or places, or give them a shared tag, and the connections between them will appear here.";
  if (nodeCount === 1) return "One memory so far. Add another that mentions the same people or places, or shares a tag, and you will see them connect.";
  return "None of these memories are connected yet. Name the people and places in them, or tag related memories alike, and the links will appear.";
}

/**
 * The connection network: 8 memories, the most connected of the list by default or of a theme, person or decade the
 * person chooses (useGraphChoice), linked when they mention the same people or places, share a tag or share a theme,
 * each linked to its strongest few and labelled with its short title. Every node is a button (Tab, or the arrow keys
 * within the network); Enter or a click shows its connections and why, beside the drawing. The drawing is laid out in
 * CSS pixels for the width it has, so its text stays at 14 px on a phone; every link is also listed as text.
 */
export function MemoryGraph({ memories }: { memories: Memory[] }) {
  const [boxRef, measured] = useWidth<HTMLDivElement>();
  const width = Math.min(measured ?? 0, GRAPH_MAX_WIDTH);
  const { choice, setChoice, options, shown, isLoading, failed, retry, description } = useGraphChoice(memories);
  const graph = useMemo(() => layoutGraph(shown, width), [shown, width]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  // A chosen memory that has left the list (deleted, filtered out) is no longer chosen.
  const selected = graph.nodes.find((node) => node.id === chosenId) ?? null;
  const nodeButtons = useRef(new Map<string, HTMLButtonElement>());
  const panelId = useId();
  const { nodes, links } = graph;
  const advice = links.length === 0 && !isLoading && !failed ? emptyAdvice(nodes.length, choice.kind !== "connected") : null;

  const chooseAndFocus = (id: string) => {
    setChosenId(id);
    nodeButtons.current.get(id)?.focus();
  };
  // Arrow keys move between nodes in reading order and across rows, Home and End to the ends; Escape clears the choice.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = nodes.findIndex((node) => nodeButtons.current.get(node.id) === document.activeElement);
    if (index < 0) return;
    if (event.key === "Escape") {
      if (selected) setChosenId(null);
      return;
    }
    const targets: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, ArrowDown: index + graph.columns, ArrowUp: index - graph.columns, Home: 0, End: nodes.length - 1 };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const node = nodes[target];
    if (node) nodeButtons.current.get(node.id)?.focus();
  };

  return (
    <section aria-labelledby="memory-graph-heading" className="min-w-0 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="memory-graph-heading" className="text-xl font-semibold">
        Connection Network
      </h2>
      <p className="mt-1 text-sm text-muted">Memories are linked when they mention the same people or places, share a tag, or share a theme.</p>
      <GraphChooser choice={choice} options={options} onChoose={setChoice} />
      {/* Said when the choice changes, so a person choosing with the keyboard hears what the network now shows. */}
      <p className="mt-2 text-sm" aria-live="polite" data-testid="memory-graph-shown">
        {isLoading ? "Finding those memories…" : nodes.length > 0 ? `Showing ${description}.` : ""}
      </p>
      {failed && <LoadFailed message="Could not load those memories. Check your connection and try again." onRetry={retry} />}
      {advice && (
        <p className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm" data-testid="memory-graph-advice">
          {advice}
        </p>
      )}
      {/* The box is measured even while empty, so the drawing appears at the right size at once. */}
      <div className="@container mt-4">
        <div className={nodes.length > 0 ? "flex flex-col gap-4 @3xl:flex-row @3xl:items-start" : ""}>
          <div ref={boxRef} className="w-full max-w-[560px] min-w-0 shrink-0">
            {nodes.length > 0 && measured !== null && (
              <div className="relative" style={{ width: graph.width, height: graph.height }}>
                <svg role="img" aria-label={summaryOf(graph, description)} width={graph.width} height={graph.height} viewBox={`0 0 ${graph.width} ${graph.height}`} className="absolute inset-0" data-testid="memory-graph">
                  {links.map(({ from, to, reasons }) => {
                    const touchesSelected = selected !== null && (from.id === selected.id || to.id === selected.id);
                    return (
                      <path
                        key={`${from.id}-${to.id}`}
                        data-testid="graph-link"
                        d={linkPath(from, to)}
                        fill="none"
                        stroke={touchesSelected ? "#6d28d9" : selected ? "#d6d3d1" : "#78716c"}
                        strokeWidth={(touchesSelected ? 2.5 : 1.5) + Math.min(reasons.length, 3) * 0.5}
                        strokeLinecap="round"
                      />
                    );
                  })}
                </svg>
                <ul aria-label="Memories in the network" className="absolute inset-0" onKeyDown={onKeyDown}>
                  {nodes.map((node) => {
                    const isSelected = node.id === selected?.id;
                    const count = connectionsOf(node.id, links).length;
                    return (
                      <li key={node.id} className="absolute" style={{ left: node.x - graph.columnWidth / 2 + 4, top: node.y - BUTTON_TO_DOT, width: graph.columnWidth - 8 }}>
                        <button
                          type="button"
                          ref={(element) => {
                            if (element) nodeButtons.current.set(node.id, element);
                            else nodeButtons.current.delete(node.id);
                          }}
                          data-testid="graph-node"
                          data-title={node.title}
                          aria-pressed={isSelected}
                          aria-controls={panelId}
                          onClick={() => setChosenId(isSelected ? null : node.id)}
                          className="group flex w-full flex-col items-center gap-1.5 rounded-lg px-1 pt-1 pb-1.5"
                        >
                          <span
                            aria-hidden="true"
                            className={`block rounded-full border-2 ${isSelected ? "border-ink" : "border-white"} shadow-[0_0_0_1px_#a8a29e]`}
                            style={{ width: DOT_RADIUS * 2, height: DOT_RADIUS * 2, backgroundColor: emotionColor[node.emotion] }}
                          />
                          <span
                            aria-hidden="true"
                            data-testid="graph-node-label"
                            className={`line-clamp-3 max-w-full rounded-md px-1.5 text-center text-sm leading-5 [overflow-wrap:anywhere] ${
                              isSelected ? "bg-violet-100 font-semibold text-ink ring-2 ring-brand" : "bg-white/95 text-ink group-hover:bg-stone-100"
                            }`}
                          >
                            {node.label}
                          </span>
                          <span className="sr-only">{`${shortText(node.content, SPOKEN_CHARACTERS)} (${node.emotion}, ${plural(count, "connection", "connections")})`}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            )}
          </div>
          {nodes.length > 0 && <ConnectionPanel id={panelId} selected={selected} connections={selected ? connectionsOf(selected.id, links) : []} onChoose={chooseAndFocus} hasLinks={links.length > 0} />}
        </div>
      </div>
      {links.length > 0 && (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-brand-strong">All {plural(links.length, "connection", "connections")} as a list</summary>
          <ul className="mt-2 grid gap-2">
            {links.map(({ from, to, reasons }) => (
              <li key={`${from.id}-${to.id}`} className="rounded-lg bg-stone-50 px-3 py-2">
                <span className="font-medium">{`“${from.label}” and “${to.label}”`}</span>
                <span className="text-muted">{`: ${reasons.map((r) => r.text).join("; ")}.`}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
