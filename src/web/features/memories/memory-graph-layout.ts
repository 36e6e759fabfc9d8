import type { Emotion } from "../../../contract/memory-options";

export const GRAPH_WIDTH = 500;
export const GRAPH_HEIGHT = 350;
export const GRAPH_MAX_NODES = 8;
const PER_ROW = 4;
const MAX_CONNECTIONS = 2;

interface GraphInput {
  id: string;
  content: string;
  emotion: Emotion;
  createdAt: string;
}

export interface GraphNode {
  id: string;
  title: string;
  emotion: Emotion;
  x: number;
  y: number;
  /** Up to two other displayed memories with the same emotion. */
  connections: string[];
}

export interface GraphLink {
  from: GraphNode;
  to: GraphNode;
}

/** The first three words of a memory: the node's title. */
export const nodeTitle = (content: string) => content.trim().split(/\s+/).slice(0, 3).join(" ");

/**
 * The spec's memory network: the newest 8 memories, 4 per row in a 500×350 box, each linked to at most 2 other
 * displayed memories that share its emotion (the newest ones). Links are undirected and listed once.
 */
export function layoutGraph(memories: GraphInput[]): { nodes: GraphNode[]; links: GraphLink[] } {
  const newest = [...memories].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, GRAPH_MAX_NODES);
  const rows = Math.max(1, Math.ceil(newest.length / PER_ROW));
  const columnWidth = GRAPH_WIDTH / PER_ROW;
  const rowHeight = GRAPH_HEIGHT / rows;
  const nodes: GraphNode[] = newest.map((memory, index) => ({
    id: memory.id,
    title: nodeTitle(memory.content),
    emotion: memory.emotion,
    x: columnWidth * (index % PER_ROW) + columnWidth / 2,
    y: rowHeight * Math.floor(index / PER_ROW) + rowHeight / 2,
    connections: newest
      .filter((other) => other.id !== memory.id && other.emotion === memory.emotion)
      .slice(0, MAX_CONNECTIONS)
      .map((other) => other.id),
  }));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const seen = new Set<string>();
  const links: GraphLink[] = [];
  for (const node of nodes) {
    for (const otherId of node.connections) {
      const key = [node.id, otherId].sort().join("|");
      const other = byId.get(otherId);
      if (seen.has(key) || !other) continue;
      seen.add(key);
      links.push({ from: node, to: other });
    }
  }
  return { nodes, links };
}
