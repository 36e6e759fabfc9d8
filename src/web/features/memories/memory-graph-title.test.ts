import { describe, expect, it } from "vitest";
import { GRAPH_TITLE_MAX, graphTitle } from "./memory-graph-title";

describe("graphTitle", () => {
  it("is the memory's first clause", () => {
    expect(graphTitle("We swam at Lake Tahoe, the summer Ana turned ten", [])).toBe("We swam at Lake Tahoe");
    expect(graphTitle("My first day at the plant. Everyone was kind.", ["work"])).toBe("My first day at the plant");
    expect(graphTitle("Was it really 1971? I think so.", [])).toBe("Was it really 1971");
    expect(graphTitle("Dad's old Ford — the blue one — broke down", [])).toBe("Dad's old Ford");
    expect(graphTitle("Our first house (on Elm Street) had a red door", [])).toBe("Our first house");
    expect(graphTitle("“Never again,” Mum said after the fair", [])).toBe("Never again,” Mum said after the fair");
  });

  it("does not end a clause at an abbreviation's or an initial's full stop, or inside a number", () => {
    expect(graphTitle("Dr. Silva delivered my son at St. Mary's. It rained.", [])).toBe("Dr. Silva delivered my son at St. Mary's");
    expect(graphTitle("J. R. and I danced all night. Then home.", [])).toBe("J. R. and I danced all night");
    expect(graphTitle("We paid 3.50 for the tickets, a fortune", [])).toBe("We paid 3.50 for the tickets");
  });

  it("is cut on a word boundary when the first clause is long", () => {
    const title = graphTitle("The whole family drove across the country in an old green station wagon that summer", []);
    expect(title).toBe("The whole family drove across the…");
    expect(title.length).toBeLessThanOrEqual(GRAPH_TITLE_MAX);
    expect(graphTitle("Grandma taught me to knead dough in her kitchen in Lisbon", [], 30)).toBe("Grandma taught me to knead…");
  });

  it("uses the tags, in the case they were typed, when the first clause says too little", () => {
    expect(graphTitle("In 1962, we moved to a flat by the river", ["Lisbon", "#family"])).toBe("#Lisbon #family");
    expect(graphTitle("Oh! What a day that was", ["Wedding"])).toBe("#Wedding");
    expect(graphTitle("", ["Jefferson Elementary"])).toBe("#Jefferson Elementary");
  });

  it("runs on to the next clause when the first says too little and there are no tags", () => {
    expect(graphTitle("In 1962, we moved to a flat by the river. It was cold.", [])).toBe("In 1962, we moved to a flat by the river");
    expect(graphTitle("Oh! What a day that was", [])).toBe("Oh! What a day that was");
    expect(graphTitle("Summer.", [])).toBe("Summer");
    expect(graphTitle("   ", [])).toBe("");
  });
});
