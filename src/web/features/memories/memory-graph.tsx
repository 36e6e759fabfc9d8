import type { Memory } from "../../../contract/memories";
import type { Emotion } from "../../../contract/memory-options";
import { GRAPH_HEIGHT, GRAPH_WIDTH, layoutGraph } from "./memory-graph-layout";

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

const shown = (title: string) => (title.length > 18 ? `${title.slice(0, 17)}…` : title);

/** The connection network: the newest 8 memories in the list, linked to others that share their emotion. */
export function MemoryGraph({ memories }: { memories: Memory[] }) {
  const { nodes, links } = layoutGraph(memories);
  const summary =
    nodes.length === 0
      ? "Memory network: no memories to show yet."
      : `Memory network of the ${nodes.length} newest memories in the list, with ${links.length} ${links.length === 1 ? "link" : "links"} between memories that share an emotion.`;
  return (
    <section aria-labelledby="memory-graph-heading" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="memory-graph-heading" className="text-xl font-semibold">
        Connection Network
      </h2>
      <p className="mt-1 text-sm text-muted">Memories that share an emotion are linked, each to at most two others.</p>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${GRAPH_WIDTH} ${GRAPH_HEIGHT}`} className="mt-4 h-auto w-full max-w-[500px]" data-testid="memory-graph">
        {links.map(({ from, to }) => (
          <line key={`${from.id}-${to.id}`} data-testid="graph-link" x1={from.x} y1={from.y} x2={to.x} y2={to.y} stroke={emotionColor[from.emotion]} strokeWidth={2} strokeOpacity={0.6} />
        ))}
        {nodes.map((node) => (
          <g key={node.id} data-testid="graph-node" data-title={node.title}>
            <circle cx={node.x} cy={node.y} r={22} fill={emotionColor[node.emotion]} fillOpacity={0.85} stroke="#fff" strokeWidth={2} />
            <text x={node.x} y={node.y + 40} textAnchor="middle" fontSize={13} fill="#1c1917">
              {shown(node.title)}
            </text>
          </g>
        ))}
      </svg>
      {nodes.length > 0 && (
        <div className="sr-only">
          <h3>Links in the memory network</h3>
          {links.length === 0 ? (
            <p>No two shown memories share an emotion.</p>
          ) : (
            <ul>
              {links.map(({ from, to }) => (
                <li key={`${from.id}-${to.id}`}>{`“${from.title}” and “${to.title}” share ${from.emotion}.`}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
