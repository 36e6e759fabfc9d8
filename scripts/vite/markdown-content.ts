import MarkdownIt from "markdown-it";
import type { Plugin } from "vite";

// Raw HTML is off (SECURITY.md 21): our own Markdown cannot smuggle markup into a page.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

export interface MarkdownSection {
  heading: string;
  id: string;
  html: string;
}

/** Splits `---` frontmatter of plain `key: value` lines from the body. */
export function parseFrontmatter(source: string): { meta: Record<string, string>; body: string } {
  const match = source.match(/^---\n([\s\S]*?)\n---\n?/);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? "").split("\n")) {
    const separator = line.indexOf(":");
    if (separator > 0) meta[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { meta, body: source.slice(match[0].length) };
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The body cut at its `##` headings: each section's heading text and rendered HTML (for accordions, cards, dialogs). */
export function splitSections(body: string): { lead: string; sections: MarkdownSection[] } {
  const parts = body.split(/^## +/m);
  const lead = markdown.render(parts[0] ?? "");
  const sections = parts.slice(1).map((part) => {
    const newline = part.indexOf("\n");
    const heading = (newline === -1 ? part : part.slice(0, newline)).trim();
    return { heading, id: slugify(heading), html: markdown.render(newline === -1 ? "" : part.slice(newline + 1)) };
  });
  return { lead, sections };
}

const countWords = (text: string) => (text.match(/[\p{L}\p{N}'’-]+/gu) ?? []).length;

/**
 * Turns `*.md` files under src/web/content into modules at build time: frontmatter, the whole body as HTML,
 * the body split by `##` sections, and the word count. No Markdown parser ships to the browser.
 */
export function markdownContent(): Plugin {
  return {
    name: "mindprint-markdown-content",
    enforce: "pre",
    transform(source, id) {
      if (!id.endsWith(".md")) return null;
      const { meta, body } = parseFrontmatter(source);
      const { lead, sections } = splitSections(body);
      const module = { meta, html: markdown.render(body), lead, sections, words: countWords(body) };
      return { code: `export default ${JSON.stringify(module)};`, map: null };
    },
  };
}
