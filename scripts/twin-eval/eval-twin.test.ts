import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { startFakeChatCompletions } from "../../src/server/test/fake-chat-completions";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

// A small persona written here (not the public one): the command must work on any file of the format.
const persona = {
  format: "mindprint-twin-eval/1",
  persona: { first_name: "Walter", legacy_preference: "family", user_intents: ["preserve_memory"] },
  memories: [
    { id: "w1", emotion: "Pride", category: "career", tags: "lighthouse, keeper", content: "I kept the lighthouse on Gull Rock for eleven years and never once let the lamp go out." },
    { id: "w2", emotion: "Love", category: "family", tags: "Edith, wedding", content: "Edith and I married in the chapel at Port Ellen in 1961, and it rained the whole day." },
    { id: "w3", category: "personal", tags: ["chess"], content: "Every winter evening I played chess by the stove with my brother." },
  ],
  calibration: [{ id: "k1", statement: "Someone asks you to lie for them.", response: "I would refuse and tell them why, kindly." }],
  questions: [
    { q: "Which lighthouse did you keep?", expect: ["w1"] },
    { q: "Where did you and Edith get married?", expect: ["w2"] },
    { q: "What would you do if a friend asked you to lie for him?", expect: ["k1"] },
    { q: "Did you ever play the trumpet?", expect: [] },
  ],
};

async function evaluate(file: string, llm: Record<string, string> = { LLM_PROVIDER: "local" }) {
  return run(process.execPath, ["--import", "tsx", "scripts/eval-twin.ts", file], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: inject("adminUrl"), ...llm },
    timeout: 120_000,
  });
}

describe("npm run eval:twin", () => {
  it("loads a persona file into a fresh account, prints a line per question and the summary as the last line", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-eval-test-"));
    const file = path.join(dir, "walter.json");
    fs.writeFileSync(file, JSON.stringify(persona));
    const { stdout } = await evaluate(file);
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(persona.questions.length + 1);
    expect(lines[0]).toMatch(/^found\s+[\d.]+ ms {2}Which lighthouse did you keep\?/);
    expect(lines[3]).toMatch(/^abstained/);
    const summary = JSON.parse(lines.at(-1)!);
    expect(Object.keys(summary)).toEqual(["citation_precision", "citation_recall", "abstention_accuracy", "ttft_ms_median", "ttft_ms_p95"]);
    expect(summary).toMatchObject({ citation_precision: 1, citation_recall: 1, abstention_accuracy: 1 });
    expect(summary.ttft_ms_median).toBeGreaterThan(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("asks a question that carries an asker as that family member, through their twin after a release (issue 41)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-eval-test-"));
    const file = path.join(dir, "walter-family.json");
    const family = { ...persona, questions: [{ q: "Grandpa, which lighthouse did you keep?", expect: ["w1"], asker: "grandson" }, { q: "Where did you marry Edith?", expect: ["w2"] }] };
    fs.writeFileSync(file, JSON.stringify(family));
    const { stdout } = await evaluate(file);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^found\s+[\d.]+ ms {2}\[grandson\] Grandpa, which lighthouse did you keep\?/);
    expect(lines.at(-2)).toMatch(/^asked by the family, through their twin \(1 questions\): \{"citation_precision":1,"citation_recall":1/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("runs with a configured language model: the provider is shown the candidates and the figures count what it cites (issue 41)", async () => {
    // The stand-in model cites the first source Mindprint chose and declines when none was chosen, as a careful model would.
    const model = await startFakeChatCompletions({
      apiKey: "sk-eval",
      reply: (request) => {
        const content = String(request.messages.at(-1)?.content ?? "");
        const block = JSON.parse(content.slice(content.indexOf("{"), content.lastIndexOf("}") + 1)) as { sources: Array<{ ref: number; chosen: boolean }> };
        const chosen = block.sources.find((s) => s.chosen);
        return chosen ? `That is what I wrote [${chosen.ref}].` : "I never talked about that.";
      },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-eval-test-"));
    const file = path.join(dir, "walter.json");
    fs.writeFileSync(file, JSON.stringify(persona));
    try {
      const { stdout } = await evaluate(file, { LLM_PROVIDER: "openai-compatible", LLM_BASE_URL: model.baseUrl, LLM_API_KEY: "sk-eval", LLM_MODEL: "eval-model" });
      expect(model.requests.length).toBe(persona.questions.length);
      expect(model.requests.every((r) => r.model === "eval-model")).toBe(true);
      const summary = JSON.parse(stdout.trim().split("\n").at(-1)!);
      expect(summary).toMatchObject({ citation_precision: 1, citation_recall: 1, abstention_accuracy: 1 });
    } finally {
      await model.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a file that is not in the format, saying what is wrong, with a failing exit code", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-eval-test-"));
    const file = path.join(dir, "broken.json");
    fs.writeFileSync(file, JSON.stringify({ format: "mindprint-twin-eval/1", memories: [{ id: "x" }], questions: [] }));
    const failure = await evaluate(file).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain("is not a twin evaluation file: memories.0.content");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
