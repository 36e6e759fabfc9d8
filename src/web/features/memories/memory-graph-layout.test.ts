import { describe, expect, it } from "vitest";
import { buildPath } from "../../lib/api-client";
import { connectionsOf, layoutGraph, linkPath, nodeTitle, ROW_HEIGHT } from "./memory-graph-layout";
import { shortText } from "./memory-graph-title";

const memory = (n: number, emotion: "Joy" | "Fear", content = `Memory number ${n} with more words`) => ({
  id: `m${n}`,
  content,
  emotion,
  category: "personal" as const,
  tags: [] as string[],
  createdAt: `2026-01-${String(n).padStart(2, "0")}T00:00:00Z`,
});

describe("layoutGraph", () => {
  it("shows the first 8 in the order given, 4 per row on a wide screen and 2 per row on a phone, inside the width", () => {
    const memories = Array.from({ length: 10 }, (_, i) => memory(i + 1, i % 3 === 0 ? "Fear" : "Joy"));
    const wide = layoutGraph(memories, 500);
    expect(wide.nodes.map((n) => n.id)).toEqual(["m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"]);
    expect(wide.columns).toBe(4);
    expect(new Set(wide.nodes.slice(0, 4).map((n) => n.y)).size).toBe(1);
    expect(wide.nodes[4]!.y).toBeGreaterThan(wide.nodes[0]!.y);
    const phone = layoutGraph(memories, 300);
    expect(phone.columns).toBe(2);
    expect(phone.height).toBe(4 * ROW_HEIGHT);
    for (const node of phone.nodes) {
      expect(node.x - phone.columnWidth / 2).toBeGreaterThanOrEqual(0);
      expect(node.x + phone.columnWidth / 2).toBeLessThanOrEqual(300);
    }
    // Two memories spread over the width rather than crowding the left.
    expect(layoutGraph(memories.slice(0, 2), 500).columnWidth).toBe(250);
  });

  it("links memories that share something, never for sharing an emotion alone", () => {
    const sameEmotion = Array.from({ length: 4 }, (_, i) => memory(i + 1, "Joy"));
    expect(layoutGraph(sameEmotion, 500).links).toEqual([]);
    const { links } = layoutGraph([memory(1, "Joy", "Sailing with Grandpa on the lake"), memory(2, "Fear", "My grandfather's old boat sank"), memory(3, "Joy", "A quiet evening")], 500);
    expect(links).toHaveLength(1);
    expect([links[0]!.from.id, links[0]!.to.id].sort()).toEqual(["m1", "m2"]);
    expect(links[0]!.reasons.map((r) => r.text)).toEqual(["Both mention your grandfather"]);
    expect(connectionsOf("m2", links).map((c) => c.node.id)).toEqual(["m1"]);
    expect(connectionsOf("m3", links)).toEqual([]);
  });

  it("bows a link along a row upward, above the nodes between its ends", () => {
    const path = linkPath({ x: 50, y: 44 }, { x: 350, y: 44 });
    const [, , , , , cy] = path.split(" ");
    expect(Number(cy)).toBeLessThan(44 - 2 * 14);
    expect(path).toMatch(/^M 50 44 Q 200 -?\d+(\.\d)? 350 44$/);
  });

  it("titles a node with the first three words and labels it with its short title (first clause, or tags)", () => {
    expect(nodeTitle("  I baked   bread today ")).toBe("I baked bread");
    const [swim, moved] = layoutGraph([memory(1, "Joy", "We swam at Lake Tahoe, the summer Ana turned ten"), { ...memory(2, "Joy", "In 1962, we moved"), tags: ["Lisbon"] }], 500).nodes;
    expect(swim!.label).toBe("We swam at Lake Tahoe");
    expect(moved!.label).toBe("#Lisbon");
  });

  it("cuts a text at a word boundary", () => {
    expect(shortText("I met my wife at a dance in Porto in 1998", 28)).toBe("I met my wife at a dance in…");
    expect(shortText("Short and sweet", 28)).toBe("Short and sweet");
    expect(shortText("Supercalifragilisticexpialidocious-and-more words", 28)).toBe("Supercalifragilisticexpiali…");
    expect(shortText("We left, and then", 9)).toBe("We left…");
  });
});

describe("buildPath", () => {
  it("fills path parameters and appends the defined query values", () => {
    expect(buildPath("/api/memories/:id/versions", { params: { id: "a b" } })).toBe("/api/memories/a%20b/versions");
    expect(buildPath("/api/memories", { query: { q: "lake", emotion: undefined, includeHidden: false } })).toBe("/api/memories?q=lake&includeHidden=false");
    expect(buildPath("/api/health")).toBe("/api/health");
    expect(() => buildPath("/api/memories/:id")).toThrow(/id/);
  });
});
