/**
 * Renders HTML produced at build time from our own Markdown files (raw HTML disabled in the converter,
 * see scripts/vite/markdown-content.ts). Never pass user content here.
 */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
