import type { ReactNode } from "react";
import { Prose } from "../../ui/prose";
import { PublicLayout } from "../site";

interface ContentPageProps {
  title: string;
  intro?: string;
  eyebrow?: ReactNode;
  html: string;
  children?: ReactNode;
}

/** A long-form public page: heading, optional intro, the Markdown body, and whatever follows (calls to action). */
export function ContentPage({ title, intro, eyebrow, html, children }: ContentPageProps) {
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 pt-12 sm:px-6">
        {eyebrow && <div className="mb-3 text-sm text-muted">{eyebrow}</div>}
        <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
        {intro && <p className="mt-4 text-lg text-muted">{intro}</p>}
        <Prose html={html} className="mt-8" />
        {children}
      </article>
    </PublicLayout>
  );
}
