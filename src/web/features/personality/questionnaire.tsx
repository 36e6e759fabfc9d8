import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ageBandLabels, ageBandValues, PERSONALITY_ITEM_COUNT, PERSONALITY_PAGE_SIZE, personalityChoices, type AgeBand, type NormSex } from "../../../contract/personality-options";
import type { PersonalityAttempt } from "../../../contract/personality";
import { messageOf } from "../../lib/api-client";
import { Button } from "../../ui/button";
import { LoadFailed } from "../../ui/load-failed";
import { ProgressBar } from "../../ui/progress-bar";
import { Spinner } from "../../ui/spinner";
import { personalityItemsQuery, useCompleteAttempt, useSaveAnswer } from "./personality-queries";

const PAGES = PERSONALITY_ITEM_COUNT / PERSONALITY_PAGE_SIZE;

/** The first page with an unanswered statement: where a resumed questionnaire opens. */
const firstOpenPage = (answers: (number | null)[]) => {
  const i = answers.findIndex((a) => a === null);
  return i < 0 ? PAGES : Math.floor(i / PERSONALITY_PAGE_SIZE);
};

/** Who to be compared with, then the scores: the last step, once every statement is answered. */
function CompareStep({ attemptId, knowsAge, onBack, saved }: { attemptId: string; knowsAge: boolean; onBack: () => void; saved: () => Promise<void> }) {
  const [sex, setSex] = useState<NormSex | "">("");
  const [ageBand, setAgeBand] = useState<AgeBand | "">("");
  const complete = useCompleteAttempt(attemptId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // "Finish" is gone once this step shows: focus moves to its heading.
  useEffect(() => headingRef.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The last answers may still be on their way: score only once they are stored.
    void saved().then(() => complete.mutate({ sex: sex || null, ageBand: knowsAge ? null : ageBand || null }));
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-labelledby="compare-heading">
      <h2 ref={headingRef} tabIndex={-1} id="compare-heading" className="text-xl font-semibold outline-none">
        All 120 statements answered
      </h2>
      <p>
        Your scores are read against what thousands of people answered: the percentile says how many people of your group score lower. Choose the group to compare you
        with; both questions are optional, and your profile will say which group was used.
      </p>
      <fieldset className="grid gap-2">
        <legend className="font-medium">Compare me with</legend>
        {[
          ["female", "Women"],
          ["male", "Men"],
          ["", "Everyone (I'd rather not say)"],
        ].map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-3">
            <input type="radio" name="norm-sex" className="h-5 w-5 accent-brand" checked={sex === value} onChange={() => setSex(value as NormSex | "")} />
            {label}
          </label>
        ))}
      </fieldset>
      {knowsAge ? (
        <p className="text-sm text-muted">Your age band comes from the birthday in your profile.</p>
      ) : (
        <div>
          <label htmlFor="norm-age" className="block font-medium">
            Your age
          </label>
          <select id="norm-age" value={ageBand} onChange={(e) => setAgeBand(e.target.value as AgeBand | "")} className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 sm:w-72">
            <option value="">I'd rather not say</option>
            {ageBandValues.map((band) => (
              <option key={band} value={band}>
                {ageBandLabels[band]}
              </option>
            ))}
          </select>
        </div>
      )}
      {complete.isError && (
        <p role="alert" className="text-red-700">
          {messageOf(complete.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={onBack}>
          Back to the statements
        </Button>
        <Button type="submit" disabled={complete.isPending}>
          {complete.isPending ? "Scoring…" : "See my profile"}
        </Button>
      </div>
    </form>
  );
}

/**
 * The IPIP-NEO-120, six statements at a time. Each answer is saved the moment it is given, so the questionnaire can
 * be left and resumed on any device; native radio groups make it keyboard operable (Tab between statements, arrows
 * between answers).
 */
export function Questionnaire({ attempt, knowsAge }: { attempt: PersonalityAttempt; knowsAge: boolean }) {
  const items = useQuery(personalityItemsQuery);
  const [answers, setAnswers] = useState<(number | null)[]>(attempt.answers);
  const [page, setPage] = useState(() => firstOpenPage(attempt.answers));
  const [failed, setFailed] = useState<string | null>(null);
  // Answers are saved one after another, in the order given: quick arrow presses on one statement must leave the last
  // answer stored, not whichever request happened to arrive last.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const saveAnswer = useSaveAnswer(attempt.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const answered = answers.filter((a) => a !== null).length;

  // Each page (and the first, once the statements have loaded) starts at its heading, so Tab reaches its first statement.
  useEffect(() => {
    headingRef.current?.focus();
  }, [page, items.isSuccess]);

  if (items.isPending) return <Spinner label="Loading the statements…" />;
  if (items.isError) return <LoadFailed message="Could not load the questionnaire." onRetry={() => void items.refetch()} />;
  // Back from the last step: to the first statement still unanswered, if any (a save may have failed), else the last page.
  const back = () => setPage(Math.min(firstOpenPage(answers), PAGES - 1));
  if (page >= PAGES) return <CompareStep attemptId={attempt.id} knowsAge={knowsAge} onBack={back} saved={() => queue.current} />;

  const shown = items.data.items.slice(page * PERSONALITY_PAGE_SIZE, (page + 1) * PERSONALITY_PAGE_SIZE);
  const pageDone = shown.every((item) => answers[item.number - 1] !== null);
  const choose = (item: number, value: number) => {
    const before = answers[item - 1] ?? null;
    setAnswers((current) => current.map((a, i) => (i === item - 1 ? value : a)));
    setFailed(null);
    queue.current = queue.current.then(() =>
      saveAnswer.mutateAsync({ item, value }).then(
        () => undefined,
        (error: unknown) => {
          // Not saved: the statement shows its last saved answer again, so choosing once more retries.
          setAnswers((current) => current.map((a, i) => (i === item - 1 ? before : a)));
          setFailed(`Your answer to statement ${item} was not saved: ${messageOf(error)} Choose it again to retry.`);
        },
      ),
    );
  };
  const first = page * PERSONALITY_PAGE_SIZE + 1;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <h2 ref={headingRef} tabIndex={-1} id="questionnaire-heading" className="text-xl font-semibold outline-none">
          Statements {first}–{first + shown.length - 1} of {PERSONALITY_ITEM_COUNT}
        </h2>
        <ProgressBar value={(answered / PERSONALITY_ITEM_COUNT) * 100} label="Questionnaire progress" valueText={`${answered} of ${PERSONALITY_ITEM_COUNT} answered`} />
        <p className="text-sm text-muted" data-testid="questionnaire-answered">
          {answered} of {PERSONALITY_ITEM_COUNT} answered · every answer is saved as you give it
        </p>
      </div>
      <p>How accurately does each statement describe you, as you generally are now, not as you wish to be?</p>
      <ol className="grid gap-3">
        {shown.map((item) => (
          <li key={item.number}>
            <fieldset className="grid gap-2 rounded-xl border border-stone-200 bg-white p-3 sm:p-4" data-testid="personality-item">
              <legend className="px-1 font-medium">
                <span className="text-muted">{item.number}. </span>
                {item.text}
              </legend>
              <div className="grid gap-1 sm:grid-cols-5 sm:gap-2">
                {personalityChoices.map((label, i) => (
                  <label key={label} className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm hover:bg-stone-50 sm:flex-col sm:justify-center sm:text-center">
                    <input type="radio" name={`item-${item.number}`} className="h-5 w-5 shrink-0 accent-brand" checked={answers[item.number - 1] === i + 1} onChange={() => choose(item.number, i + 1)} />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {failed && (
        <p role="alert" className="text-red-700">
          {failed}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Button type="button" disabled={!pageDone} onClick={() => setPage(page + 1)} aria-describedby={pageDone ? undefined : "questionnaire-next-hint"}>
          {page === PAGES - 1 ? "Finish" : "Next"}
        </Button>
        {!pageDone && (
          <span id="questionnaire-next-hint" className="text-sm text-muted">
            Answer the statements above to go on.
          </span>
        )}
      </div>
    </div>
  );
}
