// The repository's own formulas document, rendered to HTML at build time (no fetch, no Markdown parser in the page):
// what the person reads here is exactly what the code is held to.
import formulas from "../../../../docs/formulas.md?anchored";
import { Prose } from "../../ui/prose";
import { PublicLayout } from "../site";

const sections = formulas.headings.filter((heading) => heading.level === 2);

/**
 * Long formulas, file names and wide tables stay inside a 375 px screen: code wraps anywhere, tables scroll. A section
 * opened by its anchor stops below the sticky top bar, not under it.
 */
const readable = [
  "[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_code]:text-[0.9em] [&_code]:[overflow-wrap:anywhere]",
  "[&_:is(h2,h3)]:scroll-mt-24 [&_h3]:text-lg",
  "[&_table]:text-sm [&_th]:bg-stone-50",
].join(" ");

/** The public formulas page: every figure Mindprint shows, and the rule it is worked out by, one anchored section each. */
export function FormulasPage() {
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 pt-12 pb-16 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight">{formulas.title}</h1>
        <p className="mt-4 text-lg text-muted">How each figure Mindprint shows you is worked out from your own data, written out in full.</p>
        <nav aria-labelledby="formulas-contents" className="mt-8 rounded-2xl border border-stone-200 bg-white p-4">
          <h2 id="formulas-contents" className="font-semibold">
            On this page
          </h2>
          <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-strong underline underline-offset-2 hover:no-underline">
                  {section.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Prose html={formulas.html} className={`mt-8 ${readable}`} />
      </article>
    </PublicLayout>
  );
}
