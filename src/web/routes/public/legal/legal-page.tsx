import type { MetaFunction } from "react-router";
import type { MarkdownModule } from "../../../content/types";
import { ContentPage } from "../../../features/content/content-page";
import { pageMeta } from "../../../lib/meta";

/** Builds the route module of one legal page from its Markdown file. */
export function legalRoute(page: MarkdownModule) {
  const meta: MetaFunction = () => pageMeta({ title: page.meta.title!, description: page.meta.description! });
  function LegalPage() {
    return <ContentPage title={page.meta.title!} eyebrow={page.meta.effective ? `Effective ${page.meta.effective}` : undefined} html={page.html} />;
  }
  return { meta, LegalPage };
}
