import { blogSlugs } from "../../../contract/public-routes";
import type { MarkdownModule } from "../../content/types";

const modules = import.meta.glob<MarkdownModule>("../../content/blog/*.md", { eager: true, import: "default" });

/** Minutes to read at 220 words a minute, computed from the article itself (never a fixed figure). */
export const readMinutes = (words: number) => Math.max(1, Math.round(words / 220));

export interface BlogPost {
  slug: string;
  title: string;
  description: string;
  summary: string;
  category: string;
  date: string;
  updated: string;
  minutes: number;
  html: string;
}

function toPost(module: MarkdownModule): BlogPost {
  const m = module.meta;
  return {
    slug: m.slug ?? "",
    title: m.title ?? "",
    description: m.description ?? "",
    summary: m.summary ?? "",
    category: m.category ?? "",
    date: m.date ?? "",
    updated: m.updated ?? m.date ?? "",
    minutes: readMinutes(module.words),
    html: module.html,
  };
}

/** The five articles in the index's order. */
export const blogPosts: BlogPost[] = blogSlugs.map((slug) => {
  const module = modules[`../../content/blog/${slug}.md`];
  if (!module) throw new Error(`missing article ${slug}`);
  return toPost(module);
});

export const findPost = (slug: string | undefined) => blogPosts.find((p) => p.slug === slug);

/**
 * The index's filter buttons. The spec names All, Future, Digital Identity and AI Ethics; the articles'
 * own categories are finer, so "AI Ethics" gathers the privacy, technology and philosophy essays.
 */
export const blogFilters: { label: string; categories: string[] | null }[] = [
  { label: "All", categories: null },
  { label: "Future", categories: ["Future"] },
  { label: "Digital Identity", categories: ["Digital Identity"] },
  { label: "AI Ethics", categories: ["Privacy & Security", "Technology", "Philosophy"] },
];

/** "2025-06-10" → "June 2025"; "2025-05-15" with `withDay` → "May 15, 2025". */
export function formatDate(iso: string, withDay = false): string {
  const [year, month, day] = iso.split("-").map(Number);
  const date = new Date(Date.UTC(year ?? 2025, (month ?? 1) - 1, day ?? 1));
  return date.toLocaleDateString("en-US", { timeZone: "UTC", month: "long", year: "numeric", ...(withDay && day ? { day: "numeric" } : {}) });
}
