/** What a Markdown file under src/web/content becomes (see scripts/vite/markdown-content.ts). */
declare module "*.md" {
  const content: {
    meta: Record<string, string>;
    html: string;
    lead: string;
    sections: { heading: string; id: string; html: string }[];
    words: number;
  };
  export default content;
}
