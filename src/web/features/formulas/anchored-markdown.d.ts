/** What `*.md?anchored` becomes at build time (renderAnchored in scripts/vite/markdown-content.ts). */
declare module "*.md?anchored" {
  const content: {
    title: string;
    html: string;
    headings: { level: number; text: string; id: string }[];
  };
  export default content;
}
