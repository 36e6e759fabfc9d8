import { BookOpen, ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import passages from "../../content/voice/reading-passages.md";
import { Button } from "../../ui/button";
import { Prose } from "../../ui/prose";

// Where the person was: they come back to the passage they were reading rather than to the first one every time.
const STORAGE_KEY = "mindprint.voice.passage";

function storedIndex(count: number): number {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEY));
    return Number.isInteger(stored) && stored >= 0 && stored < count ? stored : 0;
  } catch {
    return 0; // storage blocked: start at the first passage
  }
}

/**
 * Passages written for Mindprint to read aloud while recording (src/web/content/voice/reading-passages.md): each under
 * a minute at a calm pace, together a varied mix of English sounds. Previous and Next move through them (wrapping
 * round), and the position and title are announced.
 */
export function ReadingPassages() {
  const count = passages.sections.length;
  const [index, setIndex] = useState(() => storedIndex(count));
  const passage = passages.sections[index]!;

  const move = (step: number) => {
    const next = (index + step + count) % count;
    setIndex(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, String(next));
    } catch {
      // Not remembered; the choice still holds on this page.
    }
  };

  return (
    <section aria-labelledby="passages-heading" data-testid="reading-passages" className="grid min-w-0 content-start gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <div>
        <h2 id="passages-heading" className="flex items-center gap-2 text-xl font-semibold">
          <BookOpen aria-hidden="true" className="h-5 w-5 text-brand" />
          Read aloud
        </h2>
        <p className="mt-1 text-sm text-muted">Read a passage aloud while you record, at your own calm pace: each takes under a minute. Your own words work too.</p>
      </div>
      <article aria-labelledby="passage-title" data-testid="reading-passage" className="grid gap-2 rounded-xl bg-stone-50 p-4">
        <h3 id="passage-title" className="text-lg font-semibold">
          {passage.heading}
        </h3>
        <Prose html={passage.html} className="text-base leading-relaxed sm:text-lg" />
      </article>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-live="polite" data-testid="passage-position" className="text-sm text-muted">
          Passage {index + 1} of {count}
          <span className="sr-only">: {passage.heading}</span>
        </p>
        <div className="flex gap-2">
          {/* Short visible words; the hidden rest makes each button's name say what it moves. */}
          <Button variant="secondary" className="px-3" onClick={() => move(-1)}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            Previous<span className="sr-only"> passage</span>
          </Button>
          <Button variant="secondary" className="px-3" onClick={() => move(1)}>
            Next<span className="sr-only"> passage</span>
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      </div>
    </section>
  );
}
