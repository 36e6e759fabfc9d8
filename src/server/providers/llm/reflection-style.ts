import type { AnswerStyle } from "./answer-style";
import { pickVariant } from "./hash";
import { shortStatement, takeQuote, takeQuotes, UsedQuotes } from "./quotes";
import { optional, required, type Paragraph, type Sentence } from "./reflection-sentences";
import { capitalise, joinAsList, numberWord } from "./text-tools";

const MAX_TRAIT_SENTENCES = 3;
const quoted = (words: string[]) => joinAsList(words.slice(0, 3).map((w) => `“${w}”`));
// A quote that ends its own sentence keeps its punctuation; otherwise the sentence still needs a full stop.
const closeQuote = (text: string) => (/[.!?…]$/.test(text) ? `“${text}”` : `“${text}”.`);

function lengthSentence(style: AnswerStyle, seed: string): Sentence {
  const avg = style.averageWords;
  const per = style.readings.length === 1 ? "words" : "words an answer";
  if (style.length === "brief") {
    return required(
      pickVariant(
        [`You answer in a few words and get to the point: about ${avg} ${per}.`, `You keep it short and get to the point, about ${avg} ${per}.`],
        seed,
        "brief",
      ),
    );
  }
  if (style.length === "expansive") {
    return required(`You think out loud and take your time, around ${avg} ${per}, walking through your reasoning rather than just the verdict.`);
  }
  return required(`You write about ${avg} ${per}: enough to explain yourself without wandering.`);
}

// Each observed habit becomes one sentence with its evidence: the person's own words, quoted. Sentences are
// built lazily so a habit that does not make the cut does not use up a quote the scenario paragraph could use.
function habitSentences(style: AnswerStyle, used: UsedQuotes): Sentence[] {
  const f = style.found;
  const yourAnswers = style.readings.length === 1 ? "your answer" : "your answers";
  const withQuote = (want: Parameters<typeof takeQuote>[1], lead: string, fallback: string) => () => {
    const quote = takeQuote(style, want, used);
    return required(quote ? `${lead} ${closeQuote(quote.text)}` : fallback);
  };
  const plain = (text: string) => () => required(text);
  const habits: Array<[boolean, () => Sentence]> = [
    [style.usesHumour, withQuote("humour", "You reach for humour:", `You reach for humour: ${quoted(f.humour)}.`)],
    [style.mentionsFamily, plain(`Family is never far from ${yourAnswers}: you bring up ${quoted(f.family)}.`)],
    [style.weighsSides, plain(`You weigh both sides before you commit, with words like ${quoted(f.hedge)}.`)],
    [style.soundsCertain, plain(`When you decide, you sound sure of it: ${quoted(f.certainty)} are your words.`)],
    [style.asksBack, withQuote("question", "You sometimes answer with a question of your own:", "You sometimes answer with a question of your own.")],
    [style.namesFeelings, plain(`You name feelings plainly, ${quoted(f.feeling)} among them.`)],
    [style.goesToAction, withQuote("action", "You go straight to what you would actually do:", "You go straight to what you would actually do.")],
    [style.appealsToPrinciple, plain(`You measure choices against what is right, with words like ${quoted(f.principle)}.`)],
    [style.thinksInWe, plain("You tend to say “we” where others would say “I”.")],
  ];
  const present = habits.filter(([isPresent]) => isPresent).slice(0, MAX_TRAIT_SENTENCES);
  if (present.length === 0) return [required("You answer what is asked, without hedging, jokes or sweeping certainties.")];
  return present.map(([, build]) => build());
}

/** How the person answers: their length, their habits and their own words; honest about having none yet. */
export function styleParagraphs(style: AnswerStyle, seed: string): Paragraph[] {
  const n = style.readings.length;
  if (n === 0) {
    return [
      [
        required("You have not answered any scenarios yet, so there is nothing here about how you think or speak, and this reflection will not guess."),
        required("It will sharpen once you answer a few in trait calibration: your own words are what your twin learns from."),
        required("Mindprint builds your twin from three things you control: the scenarios you answer, the memories you write down and the voice sessions you record."),
      ],
    ];
  }
  const used = new UsedQuotes();
  const count =
    n === 1
      ? required("You have answered one scenario so far, so take what follows as a first impression.")
      : required(pickVariant([`Across the ${numberWord(n)} scenarios you answered, a few things stand out.`, `${capitalise(numberWord(n))} answers in, a pattern is showing.`], seed, "count"));
  const habits = [count, lengthSentence(style, seed), ...habitSentences(style, used)];
  const quotes = takeQuotes(style, 2, used).map((q, i) =>
    i === 0
      ? required(`Faced with “${shortStatement(q.statement)}”, you wrote: ${closeQuote(q.text)}`)
      : optional(`And to “${shortStatement(q.statement)}”: ${closeQuote(q.text)}`),
  );
  return quotes.length > 0 ? [habits, quotes] : [habits];
}
