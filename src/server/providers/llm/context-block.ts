// The one place that writes and reads `<context type="…">{json}</context>` blocks.
// An LLM reads the block as clearly delimited data; the local model parses it back.

const BLOCK = /<context type="([a-z0-9_-]+)">\s*([\s\S]*?)\s*<\/context>/g;

/** Renders data as a context block; `<` is escaped inside the JSON so no value can close the block early. */
export function renderContextBlock(type: string, data: unknown): string {
  const json = JSON.stringify(data, null, 2).replace(/</g, "\\u003c");
  return `<context type="${type}">\n${json}\n</context>`;
}

/** Returns the last well-formed context block in the text (type and parsed JSON), or null when there is none. */
export function parseContextBlock(text: string): { type: string; data: unknown } | null {
  let found: { type: string; data: unknown } | null = null;
  for (const match of text.matchAll(BLOCK)) {
    try {
      found = { type: match[1] ?? "", data: JSON.parse(match[2] ?? "") };
    } catch {
      // A block that is not JSON is not material we can use; keep looking.
    }
  }
  return found;
}
