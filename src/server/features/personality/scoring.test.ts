import { describe, expect, it } from "vitest";
import { PERSONALITY_ITEMS } from "./items";
import { IPIP_NEO_120_NORMS } from "./norms-data";
import { ageBandOn, levelOf, normGroup, percentileOf, scoreBigFive } from "./scoring";

// Scoring of the IPIP-NEO-120 (issue 17), against examples computed by hand.
const all = (value: number) => PERSONALITY_ITEMS.map(() => value);
const men2140 = IPIP_NEO_120_NORMS["male:21-40"];

describe("the IPIP-NEO-120 items", () => {
  it("are 120, four per facet, in the inventory's cycling order (N1, E1, O1, A1, C1, N2, …)", () => {
    expect(PERSONALITY_ITEMS).toHaveLength(120);
    expect(PERSONALITY_ITEMS.slice(0, 6).map((i) => `${i.domain}${i.facet}`)).toEqual(["N1", "E1", "O1", "A1", "C1", "N2"]);
    const perFacet = new Map<string, number>();
    for (const i of PERSONALITY_ITEMS) perFacet.set(`${i.domain}${i.facet}`, (perFacet.get(`${i.domain}${i.facet}`) ?? 0) + 1);
    expect([...perFacet.values()]).toEqual(Array(30).fill(4));
    expect(PERSONALITY_ITEMS[0]).toMatchObject({ number: 1, text: "Worry about things", reverse: false });
    expect(PERSONALITY_ITEMS[8]).toMatchObject({ number: 9, text: "Use others for my own ends", domain: "A", facet: 2, reverse: true });
  });
});

describe("raw scores", () => {
  it("are 12 per facet and 72 per domain when every answer is the middle one, whatever the key", () => {
    const scores = scoreBigFive(all(3), men2140);
    for (const domain of ["N", "E", "O", "A", "C"] as const) {
      expect(scores.domains[domain].raw).toBe(72);
      expect(scores.facets[domain].map((f) => f.raw)).toEqual([12, 12, 12, 12, 12, 12]);
    }
  });

  it("flip reverse-keyed items: answering 5 everywhere gives 20 on an all-plus facet, 4 on an all-minus one, 16 on three plus one minus", () => {
    const scores = scoreBigFive(all(5), men2140);
    expect(scores.facets.N[0]!.raw).toBe(20); // Anxiety: four plus-keyed items
    expect(scores.facets.A[1]!.raw).toBe(4); // Morality: four minus-keyed items, each 6 − 5 = 1
    expect(scores.facets.A[0]!.raw).toBe(16); // Trust: three plus (5 each), one minus (1)
    // A domain is the sum of its facets.
    expect(scores.domains.A.raw).toBe(scores.facets.A.reduce((s, f) => s + f.raw, 0));
  });

  it("refuse a missing or out-of-range answer instead of scoring part of the questionnaire", () => {
    const missing: (number | null)[] = all(3);
    missing[57] = null;
    expect(() => scoreBigFive(missing, men2140)).toThrow(/item 58/);
    const outOfRange = all(3);
    outOfRange[0] = 6;
    expect(() => scoreBigFive(outOfRange, men2140)).toThrow(/item 1/);
    expect(() => scoreBigFive(all(3).slice(1), men2140)).toThrow(/expected 120/);
  });
});

describe("percentiles against the norms", () => {
  it("read a raw score as the share of the group below it: Φ((raw − mean) / sd), 1–99", () => {
    // Neuroticism, men aged 21–40: mean 66.97, sd 16.48. Raw 72 → z = 0.305 → Φ = 0.62.
    expect(percentileOf(72, 66.97, 16.48)).toBe(62);
    expect(percentileOf(66.97, 66.97, 16.48)).toBe(50);
    // One sd below → 16, one above → 84; far out is held at 1 and 99.
    expect(percentileOf(50.49, 66.97, 16.48)).toBe(16);
    expect(percentileOf(83.45, 66.97, 16.48)).toBe(84);
    expect(percentileOf(24, 66.97, 16.48)).toBe(1);
    expect(percentileOf(120, 66.97, 16.48)).toBe(99);
    const scores = scoreBigFive(all(3), men2140);
    expect(scores.domains.N).toEqual({ raw: 72, percentile: 62, level: "average" });
  });

  it("call below 30 low, above 70 high, and 30 to 70 average", () => {
    expect([29, 30, 70, 71].map(levelOf)).toEqual(["low", "average", "average", "high"]);
  });

  it("use the group for the person's sex and age band, the average of women's and men's without a sex, of the four bands without an age", () => {
    expect(normGroup({ sex: "male", ageBand: "21-40" })).toBe(men2140);
    const women = IPIP_NEO_120_NORMS["female:21-40"];
    const either = normGroup({ sex: null, ageBand: "21-40" });
    expect(either.domainMeans[0]).toBeCloseTo((men2140.domainMeans[0]! + women.domainMeans[0]!) / 2, 2);
    expect(either.facetSds[4]![5]).toBeCloseTo((men2140.facetSds[4]![5]! + women.facetSds[4]![5]!) / 2, 2);
    const anyAge = normGroup({ sex: "female", ageBand: null });
    const bands = ["under-21", "21-40", "41-60", "over-60"] as const;
    expect(anyAge.domainMeans[3]).toBeCloseTo(bands.reduce((s, b) => s + IPIP_NEO_120_NORMS[`female:${b}`].domainMeans[3]!, 0) / 4, 2);
  });

  it("take the age band from a birthday on the day of scoring", () => {
    expect(ageBandOn("2000-06-15", new Date("2021-06-14T12:00:00Z"))).toBe("under-21");
    expect(ageBandOn("2000-06-15", new Date("2021-06-15T12:00:00Z"))).toBe("21-40");
    expect(ageBandOn("1960-01-01", new Date("2021-01-01T00:00:00Z"))).toBe("over-60");
    expect(ageBandOn("1960-01-02", new Date("2021-01-01T00:00:00Z"))).toBe("41-60");
    expect(ageBandOn(null, new Date())).toBeNull();
  });
});
