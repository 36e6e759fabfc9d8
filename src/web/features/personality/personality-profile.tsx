import { lazy, Suspense, useEffect, useRef } from "react";
import type { PersonalityProfile as Profile, PersonalityState } from "../../../contract/personality";
import { formatDateTime, ordinal } from "../../lib/format";
import { Spinner } from "../../ui/spinner";
import { FormulaLink } from "../../ui/formula-link";

const DomainRadar = lazy(() => import("./domain-radar"));

const levelText = { low: "Low", average: "Average", high: "High" } as const;
const levelClass = { low: "bg-sky-50 text-sky-900", average: "bg-stone-100 text-stone-800", high: "bg-violet-50 text-violet-900" } as const;

/** "+7", "−3", "no change", or "—" for a first questionnaire. */
function changeText(change: number | null): string {
  if (change === null) return "—";
  if (change === 0) return "no change";
  return change > 0 ? `+${change}` : `−${-change}`;
}


function DomainTable({ profile }: { profile: Profile }) {
  return (
    // Focusable, so the table can be scrolled sideways by keyboard on a narrow screen.
    <div className="overflow-x-auto" role="region" aria-label="Your Big Five scores" tabIndex={0}>
      <table className="w-full text-left text-sm" data-testid="personality-table">
        <caption className="sr-only">Your Big Five scores</caption>
        <thead>
          <tr className="border-b border-stone-200">
            <th scope="col" className="py-2 pr-3">
              Domain
            </th>
            <th scope="col" className="py-2 pr-3">
              Percentile
            </th>
            <th scope="col" className="py-2 pr-3">
              Level
            </th>
            <th scope="col" className="py-2 pr-3">
              Raw (24–120)
            </th>
            <th scope="col" className="py-2">
              Since last time
            </th>
          </tr>
        </thead>
        <tbody>
          {profile.domains.map((d) => (
            <tr key={d.domain} className="border-b border-stone-100">
              <th scope="row" className="py-2 pr-3 font-medium">
                {d.label}
              </th>
              <td className="py-2 pr-3">{ordinal(d.percentile)}</td>
              <td className="py-2 pr-3">{levelText[d.level]}</td>
              <td className="py-2 pr-3">{d.raw}</td>
              <td className="py-2">{changeText(d.change)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each domain in words, with its six facets as bars of their percentiles. */
function DomainDetail({ domain }: { domain: Profile["domains"][number] }) {
  const headingId = `domain-${domain.domain}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" data-testid="personality-domain">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {domain.label}
        </h3>
        <span className={`rounded-full px-3 py-1 text-sm font-medium ${levelClass[domain.level]}`}>
          {levelText[domain.level]} · {ordinal(domain.percentile)} percentile
        </span>
      </div>
      <p>{domain.insight}</p>
      <ul className="grid gap-2" aria-label={`${domain.label} facets`}>
        {domain.facets.map((f) => (
          <li key={f.facet} className="grid grid-cols-[minmax(8rem,11rem)_1fr_auto] items-center gap-3 text-sm">
            <span>{f.label}</span>
            <span className="h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
              <span className="block h-full rounded-full bg-brand" style={{ width: `${f.percentile}%` }} />
            </span>
            <span className="w-28 text-right tabular-nums">
              {ordinal(f.percentile)} · {levelText[f.level].toLowerCase()}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The latest profile: the norm group, the radar with its table, each domain in words, and every attempt. */
export function PersonalityProfileView({ state }: { state: PersonalityState }) {
  const profile = state.latest!;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Just scored: the profile replaces the form that had focus, so focus moves to its heading.
  useEffect(() => {
    if (document.activeElement === document.body) headingRef.current?.focus();
  }, [profile.attemptId]);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="profile-heading" className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
        <h2 ref={headingRef} tabIndex={-1} id="profile-heading" className="text-xl font-semibold outline-none">
          Your Big Five profile
        </h2>
        <p className="text-sm text-muted" data-testid="personality-norm-group">
          From your questionnaire of {formatDateTime(profile.completedAt)}, compared with {profile.normGroup}. A percentile is the share of that group scoring lower than
          you; between the 30th and the 70th is average.
        </p>
        <FormulaLink topic="bigFive" />
        <div className="grid items-center gap-4 lg:grid-cols-2">
          <Suspense fallback={<Spinner label="Drawing the chart…" />}>
            <DomainRadar domains={profile.domains} />
          </Suspense>
          <DomainTable profile={profile} />
        </div>
      </section>
      <div className="grid gap-4">
        {profile.domains.map((d) => (
          <DomainDetail key={d.domain} domain={d} />
        ))}
      </div>
      {state.history.length > 1 && (
        <section aria-labelledby="history-heading" className="grid gap-2">
          <h2 id="history-heading" className="text-lg font-semibold">
            Every questionnaire you completed
          </h2>
          <ol className="grid gap-1 text-sm">
            {state.history.map((h) => (
              <li key={h.attemptId}>
                {formatDateTime(h.completedAt)} · compared with {h.normGroup}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
