import { describe, expect, it } from "vitest";
import { buildPath } from "../../lib/api-client";
import { layoutGraph, nodeTitle } from "./memory-graph-layout";

const memory = (n: number, emotion: "Joy" | "Fear") => ({ id: `m${n}`, content: `Memory number ${n} with more words`, emotion, createdAt: `2026-01-${String(n).padStart(2, "0")}T00:00:00Z` });

describe("layoutGraph", () => {
  it("shows the newest 8, 4 per row, each linked to at most 2 others with the same emotion", () => {
    const memories = Array.from({ length: 10 }, (_, i) => memory(i + 1, i % 3 === 0 ? "Fear" : "Joy"));
    const { nodes, links } = layoutGraph(memories);
    expect(nodes.map((n) => n.id)).toEqual(["m10", "m9", "m8", "m7", "m6", "m5", "m4", "m3"]);
    expect(new Set(nodes.slice(0, 4).map((n) => n.y)).size).toBe(1);
    expect(nodes[4]!.y).toBeGreaterThan(nodes[0]!.y);
    for (const node of nodes) {
      expect(node.connections.length).toBeLessThanOrEqual(2);
      for (const id of node.connections) expect(nodes.find((n) => n.id === id)!.emotion).toBe(node.emotion);
    }
    expect(new Set(links.map((l) => [l.from.id, l.to.id].sort().join())).size).toBe(links.length);
    expect(nodes[0]!.title).toBe("Memory number 10");
  });

  it("titles a node with the first three words", () => expect(nodeTitle("  I baked   bread today ")).toBe("I baked bread"));
});

describe("buildPath", () => {
  it("fills path parameters and appends the defined query values", () => {
    expect(buildPath("/api/memories/:id/versions", { params: { id: "a b" } })).toBe("/api/memories/a%20b/versions");
    expect(buildPath("/api/memories", { query: { q: "lake", emotion: undefined, includeHidden: false } })).toBe("/api/memories?q=lake&includeHidden=false");
    expect(buildPath("/api/health")).toBe("/api/health");
    expect(() => buildPath("/api/memories/:id")).toThrow(/id/);
  });
});
