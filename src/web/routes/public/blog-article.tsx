import { Link, useParams, type MetaFunction } from "react-router";
import { findPost, formatDate } from "../../features/content/blog-posts";
import { CallToAction } from "../../features/content/call-to-action";
import { ContentPage } from "../../features/content/content-page";
import { pageMeta } from "../../lib/meta";
import NotFound from "./not-found";

export const meta: MetaFunction = ({ params }) => {
  const post = findPost(params.slug);
  return post ? pageMeta({ title: post.title, description: post.description, type: "article" }) : [{ title: "Page not found · Mindprint" }];
};

export default function BlogArticle() {
  const post = findPost(useParams().slug);
  if (!post) return <NotFound />;
  return (
    <ContentPage
      title={post.title}
      eyebrow={
        <>
          <Link to="/blog" className="underline">
            ← All articles
          </Link>
          <p className="mt-3">
            <span className="font-medium text-brand-strong">{post.category}</span> · {formatDate(post.date, true)} · {post.minutes} min read
          </p>
        </>
      }
      html={post.html}
    >
      <p className="mt-10 border-t border-stone-200 pt-4 text-sm text-muted">Last updated {formatDate(`${post.updated}-01`)}</p>
      <CallToAction secondary={{ to: "/blog", label: "More articles" }} />
    </ContentPage>
  );
}
