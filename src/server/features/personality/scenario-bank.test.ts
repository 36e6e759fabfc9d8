import { describe, expect, it } from "vitest";
import { bigFiveDomains, mappingDomainValues } from "../../../contract";
import { DECISION_SCENARIOS } from "./scenario-bank";

describe("the decision scenario bank", () => {
  it("has at least ten scenarios in each of the four mapping domains, with unique stable ids", () => {
    for (const domain of mappingDomainValues) expect(DECISION_SCENARIOS.filter((s) => s.domain === domain).length).toBeGreaterThanOrEqual(10);
    const ids = DECISION_SCENARIOS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("loads twelve scenarios per mapping domain, grouped by domain in the mapping order", () => {
    for (const domain of mappingDomainValues) expect(DECISION_SCENARIOS.filter((s) => s.domain === domain), domain).toHaveLength(12);
    const domainOrder = DECISION_SCENARIOS.map((s) => s.domain).filter((d, i, all) => d !== all[i - 1]);
    expect(domainOrder).toEqual([...mappingDomainValues]);
  });

  it("gives every scenario three or four distinct options, each leaning on one or two domains", () => {
    for (const scenario of DECISION_SCENARIOS) {
      expect(scenario.prompt.length).toBeGreaterThan(30);
      expect(scenario.prompt.length).toBeLessThanOrEqual(360);
      expect(scenario.options.length).toBeGreaterThanOrEqual(3);
      expect(scenario.options.length).toBeLessThanOrEqual(4);
      expect(new Set(scenario.options.map((o) => o.text)).size).toBe(scenario.options.length);
      // Options that lean the same way could never be told apart by a profile.
      const leanings = scenario.options.map((o) => JSON.stringify(bigFiveDomains.map((d) => o.leans[d] ?? 0)));
      expect(new Set(leanings).size, scenario.id).toBe(scenario.options.length);
      for (const option of scenario.options) {
        expect(option.text.length).toBeLessThanOrEqual(140);
        const domains = Object.keys(option.leans);
        expect(domains.length, `${scenario.id}: ${option.text}`).toBeGreaterThanOrEqual(1);
        expect(domains.length).toBeLessThanOrEqual(2);
        for (const d of domains) expect(bigFiveDomains).toContain(d);
      }
    }
  });

  it("spreads its leanings over all five domains, both ways", () => {
    for (const d of bigFiveDomains) {
      const values = DECISION_SCENARIOS.flatMap((s) => s.options.map((o) => o.leans[d] ?? 0));
      expect(values.some((v) => v > 0), d).toBe(true);
      expect(values.some((v) => v < 0), d).toBe(true);
    }
  });
});
