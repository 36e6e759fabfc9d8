import { useState } from "react";
import { Link, type MetaFunction } from "react-router";
import { blogFilters, blogPosts, formatDate } from "../../features/content/blog-posts";
import { PublicLayout } from "../../features/site/public-layout";
import { pageMeta } from "../../lib/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Blog", description: "Essays on digital legacy, AI twins, voice, privacy and what it means to be remembered, from the team building Mindprint." });

export default function BlogIndex() {
  const [filter, setFilter] = useState("All");
  const categories = blogFilters.find((f) => f.label === filter)?.categories ?? null;
  const posts = categories ? blogPosts.filter((p) => categories.includes(p.category)) : blogPosts;
  return (
    <PublicLayout>
      <div className="mx-auto max-w-5xl px-4 pt-12 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight">The Mindprint blog</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted">Essays on memory, identity, voice and the ethics of being remembered by a machine.</p>
        <div role="group" aria-label="Filter articles" className="mt-8 flex flex-wrap gap-2">
          {blogFilters.map((f) => (
            <button
              key={f.label}
              type="button"
              aria-pressed={filter === f.label}
              onClick={() => setFilter(f.label)}
              className={`rounded-full border px-4 py-2 text-sm font-medium ${filter === f.label ? "border-brand bg-brand text-white" : "border-stone-300 bg-white hover:bg-stone-100"}`}
            >
              {f.label}
            </button>
          ))}
        </div>
        <p aria-live="polite" className="sr-only">{`${posts.length} articles shown`}</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {posts.map((post) => (
            <li key={post.slug} className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6">
              <p className="text-sm text-muted">
                <span className="font-medium text-brand-strong">{post.category}</span> · {post.minutes} min read
              </p>
              <h2 className="mt-2 text-xl font-semibold">
                <Link to={`/blog/${post.slug}`} className="hover:underline">
                  {post.title}
                </Link>
              </h2>
              <p className="mt-2 flex-1 text-muted">{post.summary}</p>
              <p className="mt-4 text-sm text-muted">{formatDate(post.date)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to="/waitlist" className="rounded-lg bg-brand px-5 py-3 font-medium text-white hover:bg-brand-strong">
            Join the Waitlist
          </Link>
        </p>
      </div>
    </PublicLayout>
  );
}
