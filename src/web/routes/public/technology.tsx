import type { MetaFunction } from "react-router";
import page from "../../content/pages/technology.md";
import { CallToAction } from "../../features/content/call-to-action";
import { ContentPage } from "../../features/content/content-page";
import { pageMeta } from "../../lib/meta";

export const meta: MetaFunction = () => pageMeta({ title: page.meta.title!, description: page.meta.description! });

export default function Technology() {
  return (
    <ContentPage title={page.meta.title!} intro={page.meta.intro} html={page.html}>
      <CallToAction secondary={{ to: "/blog", label: "Read the blog" }} />
    </ContentPage>
  );
}
