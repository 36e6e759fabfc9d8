import { Link } from "react-router";

/** The closing block of a page: a way to join, and somewhere to read on. */
export function CallToAction({ secondary }: { secondary?: { to: string; label: string } }) {
  return (
    <section className="mt-16 rounded-2xl bg-violet-50 p-8 text-center">
      <h2 className="text-2xl font-semibold">Be remembered on your own terms</h2>
      <p className="mx-auto mt-2 max-w-xl text-muted">Join the waitlist for early access. Invite friends to move up the queue.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/waitlist" className="rounded-lg bg-brand px-5 py-3 font-medium text-white hover:bg-brand-strong">
          Join the Waitlist
        </Link>
        {secondary && (
          <Link to={secondary.to} className="rounded-lg border border-stone-300 bg-white px-5 py-3 font-medium text-ink hover:bg-stone-100">
            {secondary.label}
          </Link>
        )}
      </div>
    </section>
  );
}
