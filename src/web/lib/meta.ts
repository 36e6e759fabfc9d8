import type { MetaDescriptor } from "react-router";

/** Title, description and social-share tags for a page, in one place so every route says the same things. */
export function pageMeta({ title, description, type = "website", noindex = false }: { title: string; description: string; type?: "website" | "article"; noindex?: boolean }): MetaDescriptor[] {
  const fullTitle = title.includes("Mindprint") ? title : `${title} · Mindprint`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: "Mindprint" },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}
