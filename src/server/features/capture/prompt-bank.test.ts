import { describe, expect, it } from "vitest";
import { mappingDomainValues } from "../../../contract";
import { CAPTURE_PROMPTS, OPENING_PROMPT } from "./prompt-bank";

describe("the capture prompt bank", () => {
  it("loads with unique stable ids, the opening prompt first and only there", () => {
    const ids = CAPTURE_PROMPTS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // The queue drops the opening prompt from its domain by identity, so it must be the very same object.
    expect(CAPTURE_PROMPTS[0]).toBe(OPENING_PROMPT);
    expect(CAPTURE_PROMPTS.filter((p) => p.id === OPENING_PROMPT.id)).toHaveLength(1);
    expect(OPENING_PROMPT).toMatchObject({ id: "business-critical-decision", domain: "business", category: "career" });
  });

  it("asks sixteen questions per mapping domain, eight in each of the domain's two memory categories", () => {
    for (const domain of mappingDomainValues) {
      const prompts = CAPTURE_PROMPTS.filter((p) => p.domain === domain);
      expect(prompts, domain).toHaveLength(16);
      const categories = [...new Set(prompts.map((p) => p.category))];
      expect(categories, domain).toHaveLength(2);
      for (const category of categories) expect(prompts.filter((p) => p.category === category), `${domain}/${category}`).toHaveLength(8);
    }
    // No memory category is shared by two domains.
    for (const category of new Set(CAPTURE_PROMPTS.map((p) => p.category))) {
      expect(new Set(CAPTURE_PROMPTS.filter((p) => p.category === category).map((p) => p.domain)).size, category).toBe(1);
    }
  });

  it("keeps every question a non-trivial, distinct text", () => {
    const texts = CAPTURE_PROMPTS.map((p) => p.text);
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text.trim().length, text).toBeGreaterThan(30);
  });
});
