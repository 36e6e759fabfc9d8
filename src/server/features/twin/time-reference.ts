/**
 * The span of years a question asks about, when it names one: a year ("in 1998"), a decade ("the nineties", "the
 * '80s", "the early 1970s"), or a stage of the person's life ("when you were young", "as a teenager", "in your
 * thirties", "when you were 12"), which needs their birth year. The twin uses it to find memories by when they
 * happened (docs/formulas.md, "The twin"). Stages are read in the first or the second person, since the twin is asked
 * about "you" and asks itself about "I".
 */
export interface TimeReference {
  /** First and last year asked about, inclusive. */
  from: number;
  to: number;
  /** The question's words that name the time (lower case), so ranking does not count them as a topic too. */
  words: string[];
}

const DECADE_WORDS: Record<string, number> = { twenties: 20, thirties: 30, forties: 40, fifties: 50, sixties: 60, seventies: 70, eighties: 80, nineties: 90 };
const AGE_DECADES: Record<string, number> = { twenties: 20, thirties: 30, forties: 40, fifties: 50, sixties: 60, seventies: 70, eighties: 80, nineties: 90 };
const PART: Record<string, [number, number]> = { early: [0, 3], mid: [4, 6], late: [7, 9] };

const SUBJECT = "(?:i|you|we)";
const WAS = "(?:was|were|'m|am)";
/** "young", "little", "a kid", "a child", "a boy", "a girl", "small", "growing up", "in my childhood". */
const CHILDHOOD = new RegExp(
  `\\b(?:when|while|since)\\s+${SUBJECT}\\s+${WAS}\\s+(?:(?:a\\s+)?(?:young|little|small|kid|child|boy|girl|youngster))\\b|\\bgrowing\\s+up\\b|\\b(?:my|your|our)\\s+childhood\\b|\\bas\\s+(?:a\\s+)?(?:kid|child|little\\s+(?:boy|girl)|young\\s+(?:boy|girl))\\b`,
  "i",
);
const TEENS = new RegExp(
  `\\b(?:as\\s+a\\s+teen(?:ager)?|in\\s+(?:my|your)\\s+teens|when\\s+${SUBJECT}\\s+${WAS}\\s+(?:a\\s+)?teen(?:ager)?|in\\s+high\\s+school|at\\s+high\\s+school)\\b`,
  "i",
);
const AGE_DECADE = /\bin\s+(?:my|your|our)\s+(early\s+|mid\s+|late\s+)?(twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b/i;
const AGE = new RegExp(`\\b(?:when\\s+${SUBJECT}\\s+${WAS}|at\\s+(?:age|the\\s+age\\s+of))\\s+(\\d{1,3})\\b`, "i");
const YEAR = /\b(?:in|of|during|around|from|back\s+in|year)\s+((?:1[0-9]|20)\d{2})\b|\b((?:1[0-9]|20)\d{2})\b/i;
const DECADE_NUMBER = /\b(?:the\s+)?(early\s+|mid-?\s*|late\s+)?(?:((?:1[0-9]|20)\d0)'?s|'?(\d0)'?s)\b/i;
const DECADE_WORD = /\bthe\s+(early\s+|mid-?\s*|late\s+)?(twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b/i;

const partOf = (raw: string | undefined) => PART[(raw ?? "").trim().replace(/-$/, "").toLowerCase()];

function decadeSpan(decade: number, part: [number, number] | undefined): [number, number] {
  return part ? [decade + part[0], decade + part[1]] : [decade, decade + 9];
}

/** Two-digit decades ("the '60s", "the sixties") are the most recent one that has begun. */
function fullDecade(twoDigits: number, thisYear: number): number {
  const century = Math.floor(thisYear / 100) * 100;
  return century + twoDigits <= thisYear ? century + twoDigits : century - 100 + twoDigits;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu)?.map((w) => w.replace(/^'|'$/g, "").replace(/'s$/, "s")) ?? [];

export function readTimeReference(question: string, birthYear: number | null, today: Date = new Date()): TimeReference | null {
  const text = question.replace(/[’‘]/g, "'");
  const thisYear = today.getUTCFullYear();
  const span = (from: number, to: number, match: string): TimeReference | null =>
    from > thisYear ? null : { from: Math.max(from, 0), to: Math.min(to, thisYear), words: wordsOf(match) };

  // A stage of life first: "in my twenties" is an age, not the 1920s.
  if (birthYear !== null) {
    const ageDecade = AGE_DECADE.exec(text);
    if (ageDecade) {
      const [from, to] = decadeSpan(AGE_DECADES[ageDecade[2]!.toLowerCase()]!, partOf(ageDecade[1]));
      return span(birthYear + from, birthYear + to, ageDecade[0]);
    }
    const teens = TEENS.exec(text);
    if (teens) return span(birthYear + 13, birthYear + 19, teens[0]);
    const childhood = CHILDHOOD.exec(text);
    if (childhood) return span(birthYear, birthYear + 12, childhood[0]);
    const age = AGE.exec(text);
    if (age && Number(age[1]) <= 120) return span(birthYear + Number(age[1]), birthYear + Number(age[1]), age[0]);
  }
  const decadeNumber = DECADE_NUMBER.exec(text);
  if (decadeNumber) {
    const decade = decadeNumber[2] ? Number(decadeNumber[2]) : fullDecade(Number(decadeNumber[3]), thisYear);
    const [from, to] = decadeSpan(decade, partOf(decadeNumber[1]));
    return span(from, to, decadeNumber[0]);
  }
  const decadeWord = DECADE_WORD.exec(text);
  if (decadeWord) {
    const [from, to] = decadeSpan(fullDecade(DECADE_WORDS[decadeWord[2]!.toLowerCase()]!, thisYear), partOf(decadeWord[1]));
    return span(from, to, decadeWord[0]);
  }
  const year = YEAR.exec(text);
  if (year) {
    const value = Number(year[1] ?? year[2]);
    return span(value, value, year[1] ?? year[2]!);
  }
  return null;
}

/** Whether a memory's "when it happened" ("1998", "1998-06", "1998-06-14") falls in the span. */
export const happenedWithin = (happenedOn: string, reference: TimeReference): boolean => {
  const year = Number(happenedOn.slice(0, 4));
  return year >= reference.from && year <= reference.to;
};
