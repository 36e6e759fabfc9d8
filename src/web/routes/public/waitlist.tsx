import { ArrowLeft, Crown, Rocket, Users } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams, type MetaFunction } from "react-router";
import faq from "../../content/pages/waitlist-faq.md";
import page from "../../content/pages/waitlist.md";
import { FaqList } from "../../features/content/faq-list";
import { JoinForm } from "../../features/waitlist/join-form";
import { pageMeta } from "../../lib/meta";
import { Prose } from "../../ui/prose";

export const meta: MetaFunction = () => pageMeta({ title: page.meta.title!, description: page.meta.description! });

const icons = [Rocket, Crown, Users];

export default function Waitlist() {
  const [params] = useSearchParams();
  const referralCode = params.get("ref");
  const benefits = page.sections.slice(0, 3);
  const spot = page.sections.find((s) => s.heading === "Secure Your Spot");

  useEffect(() => {
    if (referralCode) document.getElementById("waitlist-form")?.scrollIntoView({ behavior: "smooth" });
  }, [referralCode]);

  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <span className="text-xl font-semibold">Mindprint</span>
        <Link to="/" className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-100">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Home
        </Link>
      </header>
      <main>
        <section className="mx-auto max-w-3xl px-4 pt-12 text-center sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Be Remembered. Be Bold.</h1>
          <p className="mt-4 text-lg text-muted">Join the waitlist for early access to Mindprint.</p>
        </section>
        <section aria-label="Benefits" className="mx-auto mt-12 grid max-w-5xl gap-4 px-4 sm:px-6 md:grid-cols-3">
          {benefits.map((benefit, i) => {
            const Icon = icons[i] ?? Rocket;
            return (
              <div key={benefit.id} className="rounded-2xl border border-stone-200 bg-white p-6">
                <Icon aria-hidden="true" className="h-6 w-6 text-brand" />
                <h2 className="mt-3 text-lg font-semibold">{benefit.heading}</h2>
                <Prose html={benefit.html} className="mt-2 text-sm text-muted" />
              </div>
            );
          })}
        </section>
        <section id="waitlist-form" aria-labelledby="spot-heading" className="mx-auto mt-16 max-w-xl scroll-mt-8 px-4 sm:px-6">
          <div className="rounded-2xl border border-stone-200 bg-white p-8 shadow-sm">
            <h2 id="spot-heading" className="text-2xl font-semibold">
              Secure Your Spot
            </h2>
            {spot && <Prose html={spot.html} className="mt-3 text-muted" />}
            <div className="mt-6">
              <JoinForm referralCode={referralCode} />
            </div>
          </div>
        </section>
        <section aria-labelledby="waitlist-faq-heading" className="mx-auto mt-16 max-w-3xl px-4 pb-24 sm:px-6">
          <h2 id="waitlist-faq-heading" className="text-2xl font-semibold">
            {faq.meta.title}
          </h2>
          <div className="mt-6">
            <FaqList items={faq.sections} exclusive="waitlist-faq" />
          </div>
        </section>
      </main>
    </div>
  );
}
