import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { contentStems } from ".";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The twin matches question words to memories in TypeScript and in PostgreSQL's full-text index: both must reduce
// a text to the same stems, accents folded, stop words dropped.
describe("the TypeScript text module agrees with PostgreSQL's mindprint_english configuration", () => {
  const texts = [
    "I met Tomás at a friend's wedding, and we married in 1979.",
    "TOMÁS taught the children; the grandchildren learned quilting from their grandmother.",
    "Relocating overseas was the hardest decision: we were running, driving, flying and arguing.",
    "Zoë played the Grieg concerto at the Lutheran church in Ålesund.",
    "Our dog's happiness, the puppies' beds, generously and carefully organised.",
  ];
  it.each(texts)("%s", async (text) => {
    const result = await t.owner.query<{ lexeme: string }>(`SELECT unnest(tsvector_to_array(to_tsvector('mindprint_english', $1))) AS lexeme`, [text]);
    const fromPostgres = result.rows.map((r) => r.lexeme).sort();
    const fromTypeScript = [...new Set(contentStems(text))].sort();
    expect(fromTypeScript).toEqual(fromPostgres);
  });
});
