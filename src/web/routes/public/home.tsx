import { Link, useLocation, type MetaFunction } from "react-router";
import landingFaq from "../../content/pages/landing-faq.md";
import { FaqList } from "../../features/content/faq-list";
import { DemoVideo } from "../../features/landing/demo-video";
import { ModuleCards } from "../../features/landing/module-cards";
import { StepsCarousel } from "../../features/landing/steps-carousel";
import { PublicLayout } from "../../features/site/public-layout";
import { track } from "../../lib/analytics";
import { pageMeta } from "../../lib/meta";
import { useSession } from "../../lib/session";
import { useVisitorCta } from "../../features/site/visitor-cta";
import { useLandingRedirect } from "./use-landing-redirect";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Mindprint · Be Remembered. Be Bold.",
    description: "Mindprint preserves your voice, memories and personality as an AI twin, for yourself or the people you love, and you decide who may reach it.",
  });

const trackCta = (to: string) => () => to === "/waitlist" && track({ name: "Waitlist Navigation", source: "LandingPage" });

/** The landing page. A signed-in, admitted visitor is sent on (see useLandingRedirect). */
export default function Home() {
  useLandingRedirect();
  const location = useLocation();
  const session = useSession().data;
  const cta = useVisitorCta();
  // The guard passes its reason along; a refused visitor who lands here directly sees the same reason.
  const notice = (location.state as { notice?: string } | null)?.notice ?? (session?.access?.allowed === false ? session.access.reason : null);
  return (
    <PublicLayout variant="landing">
      <section className="mx-auto max-w-4xl px-4 pt-16 pb-8 text-center sm:px-6 sm:pt-24">
        {notice && (
          <p role="alert" className="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-amber-900">
            {notice}
          </p>
        )}
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">Be Remembered. Be Bold.</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
          Mindprint preserves your voice, your memories and the way you think as an AI twin: for yourself, or for the people you love after
          you are gone. You decide who may reach it.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={cta.to} onClick={trackCta(cta.to)} className="rounded-lg bg-brand px-6 py-3 font-medium text-white hover:bg-brand-strong">
            {cta.label}
          </Link>
          <Link to="/how-it-works" className="rounded-lg border border-stone-300 bg-white px-6 py-3 font-medium text-ink hover:bg-stone-100">
            How it works
          </Link>
        </div>
      </section>
      <StepsCarousel />
      <ModuleCards />
      <DemoVideo />
      <section aria-labelledby="landing-faq-heading" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="landing-faq-heading" className="text-3xl font-semibold tracking-tight">
          {landingFaq.meta.title}
        </h2>
        <div className="mt-6">
          <FaqList items={landingFaq.sections.slice(0, 4)} />
        </div>
        <Link to="/faq" className="mt-4 inline-block font-medium text-brand-strong underline">
          View all FAQs
        </Link>
      </section>
      <section className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="rounded-3xl bg-gradient-to-br from-violet-700 to-violet-900 px-6 py-12 text-center text-white">
          <h2 className="text-3xl font-semibold">Your story, in your own voice</h2>
          <p className="mx-auto mt-3 max-w-xl text-violet-100">The first 50 people on the waitlist become founding members with a free year.</p>
          <Link to={cta.to} onClick={trackCta(cta.to)} className="mt-6 inline-block rounded-lg bg-white px-6 py-3 font-medium text-violet-900 hover:bg-violet-50">
            {cta.label}
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
