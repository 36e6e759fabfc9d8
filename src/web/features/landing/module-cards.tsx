import { lazy, Suspense, useRef, useState, type ComponentProps, type ComponentType } from "react";
import type { ModuleDialog as Dialog } from "./module-dialog";
import { landingModules, moduleScreens, type LandingScreen } from "../../../contract/landing";
import modules from "../../content/pages/modules.md";
import { track } from "../../lib/analytics";
// The dialog (with its screenshot and close icon) loads when a card is first opened, not with the page.
// Should it fail to load (offline, or a newer version deployed since), the card does nothing rather than breaking the page.
const ModuleDialog = lazy<ComponentType<ComponentProps<typeof Dialog>>>(() =>
  import("./module-dialog").then(
    (m) => ({ default: m.ModuleDialog }),
    () => ({ default: () => null }),
  ),
);
import { sectionIcons } from "../dashboard";

/** Splits a module's HTML into its one-sentence teaser (first paragraph) and the dialog's detail. */
function splitTeaser(html: string): { teaser: string; detail: string } {
  const end = html.indexOf("</p>");
  if (end === -1) return { teaser: html, detail: "" };
  return { teaser: html.slice(0, end + 4).replace(/<\/?p>/g, ""), detail: html.slice(end + 4) };
}

/** The module's icon: the one its section has in the dashboard's menu, so a module looks the same in both places. */
function ModuleIcon({ slug }: { slug: LandingScreen }) {
  const Icon = sectionIcons[slug];
  return (
    <span className="grid h-10 w-10 place-items-center rounded-xl bg-violet-100 text-brand-strong">
      <Icon aria-hidden="true" className="h-5 w-5" />
    </span>
  );
}

/** The eight platform modules; each card opens an accessible dialog, and focus returns to the card afterwards. */
export function ModuleCards() {
  const [open, setOpen] = useState<number | null>(null);
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);
  const items = modules.sections.map((section) => ({ ...section, ...splitTeaser(section.html) }));

  function close() {
    const trigger = triggers.current[open ?? -1];
    setOpen(null);
    // The spec restores focus 100 ms after the dialog closes, once it has left the page.
    setTimeout(() => trigger?.focus(), 100);
  }

  const active = open === null ? null : items[open];
  return (
    <section aria-labelledby="modules-heading" className="bg-white py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="modules-heading" className="text-3xl font-semibold tracking-tight">
          Eight modules, one legacy
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item, i) => (
            <li key={item.id}>
              <button
                ref={(el) => {
                  triggers.current[i] = el;
                }}
                type="button"
                aria-haspopup="dialog"
                onClick={() => {
                  setOpen(i);
                  track({ name: "Platform Module Clicked", source: "LandingPage", properties: { module: landingModules[i]! } });
                }}
                className="h-full w-full rounded-2xl border border-stone-200 bg-paper p-5 text-left hover:border-brand"
              >
                <ModuleIcon slug={moduleScreens[i]!} />
                <span className="mt-3 block text-lg font-semibold">{item.heading}</span>
                <span className="mt-2 block text-sm text-muted">{item.teaser}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {active && (
        <Suspense fallback={null}>
          <ModuleDialog title={active.heading} html={active.detail} screen={moduleScreens[open!]!} onClose={close} />
        </Suspense>
      )}
    </section>
  );
}
