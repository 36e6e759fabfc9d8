import type { MetaFunction } from "react-router";
import page from "../../content/pages/faq.md";
import { CallToAction } from "../../features/content/call-to-action";
import { FaqList } from "../../features/content/faq-list";
import { PublicLayout } from "../../features/site/public-layout";
import { pageMeta } from "../../lib/meta";

export const meta: MetaFunction = () => pageMeta({ title: page.meta.title!, description: page.meta.description! });

export default function Faq() {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 pt-12 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight">{page.meta.title}</h1>
        <p className="mt-4 text-lg text-muted">{page.meta.intro}</p>
        <div className="mt-8">
          <FaqList items={page.sections} />
        </div>
        <CallToAction secondary={{ to: "/how-it-works", label: "How it works" }} />
      </div>
    </PublicLayout>
  );
}
