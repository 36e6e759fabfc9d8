import { Link, useParams } from "react-router";

/** Sections of the dashboard that have their own URL but are not built yet say so plainly. */
export default function DashboardSection() {
  const { section } = useParams();
  return (
    <main className="mx-auto max-w-4xl px-6 py-10">
      <h1 className="text-2xl font-semibold capitalize">{section}</h1>
      <p className="mt-3 text-muted">This section is not available yet.</p>
      <Link to="/dashboard" className="mt-4 inline-block text-brand underline">
        Back to the dashboard
      </Link>
    </main>
  );
}
