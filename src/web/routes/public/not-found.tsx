import { useEffect } from "react";
import { Link, useLocation, type MetaFunction } from "react-router";

export const meta: MetaFunction = () => [{ title: "Page not found · Mindprint" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <main className="grid min-h-screen place-items-center px-6 text-center">
      <div>
        <h1 className="text-5xl font-bold">404</h1>
        <p className="mt-3 text-xl text-muted">Oops! Page not found</p>
        <Link to="/" className="mt-6 inline-block text-brand underline">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
