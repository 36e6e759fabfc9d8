import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderAnchored } from "../../../scripts/vite/markdown-content";
import { formulaTopics } from "./formula-link";

// The anchors the public formulas page gives docs/formulas.md, computed the way the build computes them.
const formulas = renderAnchored(readFileSync(new URL("../../../docs/formulas.md", import.meta.url), "utf8"));
const anchors = new Set(formulas.headings.map((heading) => heading.id));

describe("formula links", () => {
  it("land on a heading of docs/formulas.md, every one of them", () => {
    const missing = Object.entries(formulaTopics).filter(([, { anchor }]) => !anchors.has(anchor));
    expect(missing).toEqual([]);
  });

  it("the page's anchors are the slugs of the headings, each once, in the rendered HTML", () => {
    expect(formulas.title).toBe("Formulas");
    expect(formulas.headings.find((h) => h.id === "grounding-score-a-twin-answer-s-authenticity-score-0-100")).toMatchObject({
      level: 3,
      text: "Grounding score (a twin answer’s authenticity_score, 0–100)",
    });
    expect(anchors.size).toBe(formulas.headings.length);
    for (const id of anchors) expect(formulas.html).toContain(` id="${id}"`);
    // The title is the page's own heading, not a second one in the body.
    expect(formulas.html).not.toContain("<h1");
  });

  it("lets subscripts through and nothing else of raw HTML", () => {
    const rendered = renderAnchored("# T\n\n## A\n\nlean<sub>k</sub> <script>alert(1)</script>\n\n## A\n");
    expect(rendered.html).toContain("lean<sub>k</sub>");
    expect(rendered.html).toContain("&lt;script&gt;");
    expect(rendered.headings.map((h) => h.id)).toEqual(["a", "a-2"]);
  });

  it("names each table after its section and lets the keyboard reach it (it may scroll on a phone)", () => {
    const rendered = renderAnchored("## Other figures\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
    expect(rendered.html).toContain('<table tabindex="0" aria-label="Table: Other figures">');
  });
});
