import { useEffect } from "react";
import { Link, useLocation, type MetaFunction } from "react-router";
import { PublicLayout } from "../../features/site/public-layout";

export const meta: MetaFunction = () => [{ title: "Page not found · Mindprint" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <PublicLayout>
      <div className="grid place-items-center px-6 py-24 text-center">
        <div>
          <h1 className="text-6xl font-bold">404</h1>
          <p className="mt-3 text-xl text-muted">Oops! Page not found</p>
          <Link to="/" className="mt-6 inline-block text-brand-strong underline">
            Return to Home
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
