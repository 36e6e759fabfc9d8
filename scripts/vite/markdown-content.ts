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

export const slugify = (text: string) =>
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

export interface MarkdownHeading {
  level: number;
  text: string;
  id: string;
}

/**
 * Renders a document whose headings are link targets (`*.md?anchored`, the public formulas page): every heading gets
 * an id, the slug of its text ("-2", "-3" on a repeat), so a figure can link to the section that explains it. The
 * first `#` heading is returned as the title, for the page to render as its own heading. Raw HTML stays off; only
 * `<sub>` and `</sub>`, written bare, are let through (formulas use subscripts). Each table is named after its section
 * and can take focus, so it can be scrolled from the keyboard where it is wider than the screen.
 */
export function renderAnchored(source: string): { title: string; html: string; headings: MarkdownHeading[] } {
  const tokens = markdown.parse(source, {});
  const headings: MarkdownHeading[] = [];
  const used = new Map<string, number>();
  let title = "";
  let titleAt = -1;
  let section = "";
  tokens.forEach((token, index) => {
    if (token.type === "table_open") {
      // A wide table scrolls inside itself on a phone; a keyboard user must be able to reach it to scroll it.
      token.attrSet("tabindex", "0");
      token.attrSet("aria-label", section ? `Table: ${section}` : "Table");
      return;
    }
    if (token.type !== "heading_open") return;
    const inline = tokens[index + 1];
    const text = (inline?.children ?? []).map((child) => (child.type === "text" || child.type === "code_inline" ? child.content : "")).join("");
    const level = Number(token.tag.slice(1));
    if (level === 1 && titleAt === -1) {
      title = text;
      titleAt = index;
      return;
    }
    section = text;
    const base = slugify(inline?.content ?? "");
    const seen = (used.get(base) ?? 0) + 1;
    used.set(base, seen);
    const id = seen === 1 ? base : `${base}-${seen}`;
    token.attrSet("id", id);
    headings.push({ level, text, id });
  });
  // The title's heading_open, inline and heading_close leave the body.
  if (titleAt !== -1) tokens.splice(titleAt, 3);
  const html = markdown.renderer.render(tokens, markdown.options, {}).replace(/&lt;(\/?)sub&gt;/g, "<$1sub>");
  return { title, html, headings };
}

const countWords = (text: string) => (text.match(/[\p{L}\p{N}'’-]+/gu) ?? []).length;

/**
 * Turns `*.md` files under src/web/content into modules at build time: frontmatter, the whole body as HTML,
 * the body split by `##` sections, and the word count; `*.md?anchored` (any file) into its title, its HTML with an
 * id on every heading, and those headings. No Markdown parser ships to the browser.
 */
export function markdownContent(): Plugin {
  return {
    name: "mindprint-markdown-content",
    enforce: "pre",
    transform(source, id) {
      if (id.endsWith(".md?anchored")) return { code: `export default ${JSON.stringify(renderAnchored(source))};`, map: null };
      if (!id.endsWith(".md")) return null;
      const { meta, body } = parseFrontmatter(source);
      const { lead, sections } = splitSections(body);
      const module = { meta, html: markdown.render(body), lead, sections, words: countWords(body) };
      return { code: `export default ${JSON.stringify(module)};`, map: null };
    },
  };
}
