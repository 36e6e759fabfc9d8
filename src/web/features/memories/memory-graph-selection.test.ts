import { describe, expect, it } from "vitest";
import type { MemoryCategory } from "../../../contract/memory-options";
import { choiceValue, describeShown, memoriesMentioning, mentionedPeople, mostConnected, MOST_CONNECTED, parseChoice, type GraphChoice } from "./memory-graph-selection";

let day = 0;
const memory = (id: string, content: string, category: MemoryCategory = "personal", tags: string[] = []) => ({
  id,
  content,
  category,
  tags,
  createdAt: `2026-01-${String(++day).padStart(2, "0")}T00:00:00Z`,
});

describe("mostConnected", () => {
  it("picks the memories with the most links, counted as the network links them, most connected first", () => {
    const hub = memory("hub", "Grandma and Ana came to Lake Tahoe", "family", ["lake"]);
    const a = memory("a", "I baked bread with my grandmother");
    const b = memory("b", "Ana taught me to swim");
    const c = memory("c", "We swam at Lake Tahoe");
    const lonely = memory("lonely", "A quiet afternoon on my own");
    const pair1 = memory("p1", "Fishing trip", "personal", ["fishing"]);
    const pair2 = memory("p2", "Another fishing trip", "personal", ["fishing"]);
    const chosen = mostConnected([lonely, a, b, pair1, hub, c, pair2], 4);
    expect(chosen.map((m) => m.id)[0]).toBe("hub");
    expect(chosen).toHaveLength(4);
    expect(chosen.map((m) => m.id)).not.toContain("lonely");
    // Everything fits: all of them, the unlinked one last; "a" and the hub share one link, and "a" is newer.
    expect(mostConnected([lonely, hub, a]).map((m) => m.id)).toEqual(["a", "hub", "lonely"]);
  });

  it("breaks ties by the newer memory, and gives at most 8 by default", () => {
    const many = Array.from({ length: 12 }, (_, i) => memory(`m${i}`, `Unlinked memory number ${i}`));
    expect(mostConnected(many).map((m) => m.id)).toEqual(["m11", "m10", "m9", "m8", "m7", "m6", "m5", "m4"]);
    expect(mostConnected([])).toEqual([]);
  });
});

describe("mentionedPeople and memoriesMentioning", () => {
  const memories = [
    memory("1", "Grandma taught me to knead dough in Lisbon"),
    memory("2", "I baked bread with my grandmother on Sundays"),
    memory("3", "Ana and I drove to Lisbon"),
    memory("4", "My nana and Ana laughed all night"),
    memory("5", "A long walk by the sea"),
  ];

  it("lists each person once however they are named, the most mentioned first, never places", () => {
    expect(mentionedPeople(memories)).toEqual([
      { key: "grandmother", label: "your grandmother", count: 3 },
      { key: "ana", label: "Ana", count: 2 },
    ]);
    expect(mentionedPeople([])).toEqual([]);
  });

  it("finds the memories that mention one person", () => {
    expect(memoriesMentioning(memories, "grandmother").map((m) => m.id)).toEqual(["1", "2", "4"]);
    expect(memoriesMentioning(memories, "ana").map((m) => m.id)).toEqual(["3", "4"]);
    expect(memoriesMentioning(memories, "lisbon")).toEqual([]);
  });

  it("lists the places apart, and finds the memories that mention one (issue 44: the chooser offers places)", () => {
    expect(mentionedPeople(memories, "place")).toEqual([{ key: "lisbon", label: "Lisbon", count: 2 }]);
    expect(memoriesMentioning(memories, "lisbon", "place").map((m) => m.id)).toEqual(["1", "3"]);
    expect(parseChoice(choiceValue({ kind: "place", key: "lisbon" }))).toEqual({ kind: "place", key: "lisbon" });
    expect(describeShown({ kind: "place", key: "lisbon" }, 2, 2, mentionedPeople(memories, "place"))).toBe("all 2 memories that mention Lisbon");
  });

  it("counts a first name and the full name of the one person it can be as one person; two Toms stay apart", () => {
    const tom = [memory("t1", "Tom Fletcher opened the bookshop in 1972."), memory("t2", "I worked for Tom every Saturday."), memory("t3", "Tom closed up early the day I left.")];
    expect(mentionedPeople(tom)).toEqual([{ key: "tom fletcher", label: "Tom Fletcher", count: 3 }]);
    const two = [...tom, memory("t4", "Tom Baker sold us the boat.")];
    expect(mentionedPeople(two).map((p) => p.key).sort()).toEqual(["tom", "tom baker", "tom fletcher"]);
  });
});

describe("choiceValue and parseChoice", () => {
  it("round-trips every kind of choice, and reads anything else as the default", () => {
    const choices: GraphChoice[] = [MOST_CONNECTED, { kind: "theme", category: "family" }, { kind: "person", key: "st. mary" }, { kind: "decade", decade: 1960 }];
    for (const choice of choices) expect(parseChoice(choiceValue(choice))).toEqual(choice);
    expect(choiceValue({ kind: "decade", decade: 1960 })).toBe("decade:1960");
    expect(parseChoice("decade:19x0")).toEqual(MOST_CONNECTED);
    expect(parseChoice("person:")).toEqual(MOST_CONNECTED);
    expect(parseChoice("")).toEqual(MOST_CONNECTED);
  });
});

describe("describeShown", () => {
  const people = [{ key: "grandmother", label: "your grandmother", count: 3 }];

  it("says which memories the network shows, all of a set or its most connected", () => {
    expect(describeShown(MOST_CONNECTED, 6, 6, people)).toBe("all 6 memories in the list");
    expect(describeShown(MOST_CONNECTED, 8, 11, people)).toBe("the 8 most connected of 11 memories in the list");
    expect(describeShown({ kind: "theme", category: "career" }, 8, 23, people)).toBe("the 8 most connected of 23 memories about work and career");
    expect(describeShown({ kind: "decade", decade: 1950 }, 1, 1, people)).toBe("the one memory from the 1950s");
    expect(describeShown({ kind: "person", key: "grandmother" }, 3, 3, people)).toBe("all 3 memories that mention your grandmother");
    expect(describeShown({ kind: "person", key: "grandmother" }, 1, 1, people)).toBe("the one memory that mentions your grandmother");
  });
});
