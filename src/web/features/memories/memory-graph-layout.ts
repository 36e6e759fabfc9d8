import type { Emotion, MemoryCategory } from "../../../contract/memory-options";
import { findMemoryLinks, type LinkReason } from "./memory-graph-links";
import { graphTitle } from "./memory-graph-title";

export const GRAPH_MAX_NODES = 8;
/** The drawing is never wider than this (CSS pixels), so 4 columns leave each label room for two short lines. */
export const GRAPH_MAX_WIDTH = 560;
/** Below this width, 2 columns instead of 4: a 375 px phone leaves about 300 px. */
const NARROW = 440;
/** A row holds a dot and a title of up to three lines. */
export const ROW_HEIGHT = 132;
/** From a row's top to its dots' centre: room above the first row for the arcs that join nodes of one row. */
export const DOT_Y = 44;

interface GraphInput {
  id: string;
  content: string;
  emotion: Emotion;
  category: MemoryCategory;
  tags: readonly string[];
}

export interface GraphNode {
  id: string;
  /** The first three words: the node's `data-title`, kept for existing tests. */
  title: string;
  /** The memory's short title (graphTitle: its first clause, or its tags), for the drawing and the list of links. */
  label: string;
  content: string;
  emotion: Emotion;
  /** Centre of the node's dot, in CSS pixels from the drawing's top left. */
  x: number;
  y: number;
}

export interface GraphLink {
  from: GraphNode;
  to: GraphNode;
  reasons: LinkReason[];
}

export interface GraphLayout {
  nodes: GraphNode[];
  links: GraphLink[];
  width: number;
  height: number;
  columns: number;
  columnWidth: number;
}

/** The first three words of a memory. */
export const nodeTitle = (content: string) => content.trim().split(/\s+/).slice(0, 3).join(" ");

/**
 * The memory network: the first 8 of the memories given (in the order given: the chooser puts the most connected
 * first), 4 per row (2 on a narrow screen), laid out in CSS pixels for a drawing `width` wide, and the links between
 * them (findMemoryLinks: shared people, places, tags and themes).
 */
export function layoutGraph(memories: readonly GraphInput[], width: number): GraphLayout {
  const shown = memories.slice(0, GRAPH_MAX_NODES);
  const columns = Math.max(1, Math.min(width < NARROW ? 2 : 4, shown.length));
  const columnWidth = width / columns;
  const nodes: GraphNode[] = shown.map((memory, index) => ({
    id: memory.id,
    title: nodeTitle(memory.content),
    label: graphTitle(memory.content, memory.tags),
    content: memory.content,
    emotion: memory.emotion,
    x: columnWidth * (index % columns) + columnWidth / 2,
    y: ROW_HEIGHT * Math.floor(index / columns) + DOT_Y,
  }));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const links = findMemoryLinks(shown).map(({ source, target, reasons }) => ({ from: byId.get(source)!, to: byId.get(target)!, reasons }));
  return { nodes, links, width, height: Math.ceil(nodes.length / columns) * ROW_HEIGHT, columns, columnWidth };
}

/**
 * An SVG path between two dots, bowed to one side so that a link along a row or a column passes beside the nodes
 * between its ends rather than through them (up for a row, since `from` comes first in reading order).
 */
export function linkPath({ x: x1, y: y1 }: { x: number; y: number }, { x: x2, y: y2 }: { x: number; y: number }): string {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = Math.hypot(dx, dy) || 1;
  const bow = Math.min(length * 0.25, 60);
  const cx = (x1 + x2) / 2 + (dy / length) * bow;
  const cy = (y1 + y2) / 2 - (dx / length) * bow;
  const r = (n: number) => Math.round(n * 10) / 10;
  return `M ${r(x1)} ${r(y1)} Q ${r(cx)} ${r(cy)} ${r(x2)} ${r(y2)}`;
}

/** The memories linked to one node, with why. */
export function connectionsOf(nodeId: string, links: readonly GraphLink[]): { node: GraphNode; reasons: LinkReason[] }[] {
  return links.flatMap((link) => (link.from.id === nodeId ? [{ node: link.to, reasons: link.reasons }] : link.to.id === nodeId ? [{ node: link.from, reasons: link.reasons }] : []));
}
