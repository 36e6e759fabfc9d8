/** What a Markdown file under src/web/content becomes at build time (scripts/vite/markdown-content.ts). */
export interface MarkdownModule {
  meta: Record<string, string>;
  html: string;
  lead: string;
  sections: { heading: string; id: string; html: string }[];
  words: number;
}
