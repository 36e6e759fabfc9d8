/**
 * The people and places a memory mentions, read from its text with general English rules (no word list about any one
 * person): family members and roles said as "my …" or as a name ("Grandma", "Dad"), and capitalised names that do not
 * merely start a sentence. The twin's server-side lexicon has similar kinship lists, but web code cannot import server
 * code (DESIGN.md section 3), so the few words needed here live here.
 */

export type MentionKind = "person" | "place";

/** One person or place: `key` compares mentions across memories, `label` is how a reason names it. */
export interface Mention {
  key: string;
  label: string;
  kind: MentionKind;
}

/** A memory's sure mentions, and the single capitalised words that start a sentence (names only if seen elsewhere). */
export interface MentionReading {
  mentions: Mention[];
  unsure: Mention[];
}

const words = (list: string) => list.split(" ");

/** Each kinship or role word and the one person it names, so "Grandma" and "my grandmother" match. */
const KIN: Record<string, string> = {};
for (const [key, forms] of Object.entries({
  grandmother: "grandmother grandma granny grannie gran nana grandmom grandmum",
  grandfather: "grandfather grandpa granddad grandad gramps grandpop",
  mother: "mother mom mum mommy mummy mama mamma",
  father: "father dad daddy papa",
  parents: "parents",
  grandparents: "grandparents",
  wife: "wife",
  husband: "husband",
  partner: "partner spouse",
  fiancé: "fiancé fiancée fiance fiancee",
  girlfriend: "girlfriend",
  boyfriend: "boyfriend",
  brother: "brother brothers",
  sister: "sister sisters",
  son: "son sons",
  daughter: "daughter daughters",
  children: "children kids",
  grandchildren: "grandchildren grandkids",
  grandson: "grandson grandsons",
  granddaughter: "granddaughter granddaughters",
  aunt: "aunt auntie aunty aunts",
  uncle: "uncle uncles",
  cousin: "cousin cousins",
  niece: "niece nieces",
  nephew: "nephew nephews",
  godmother: "godmother",
  godfather: "godfather",
  "best friend": "friend",
  boss: "boss",
  teacher: "teacher",
  mentor: "mentor",
  neighbour: "neighbour neighbor",
  roommate: "roommate flatmate housemate",
  doctor: "doctor",
})) {
  for (const form of words(forms)) KIN[form] = key;
}

/** Kinship words people also use as a name, without "my": "Grandma came", "I told Dad". */
const ADDRESS_FORMS = new Set(words("grandma granny grannie gran nana grandpa granddad grandad gramps mom mum mommy mummy mama dad daddy papa auntie aunty"));
/** Words that make a kinship word someone else's ("her mother", "a dad", "the teacher"). */
const OTHERS = new Set(words("a an the his her their your its this that these those every any some another whose no each one"));
/** Months, weekdays and holidays: capitalised, never a person or a place. */
const CALENDAR = new Set(
  words(
    "january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec " +
      "monday tuesday wednesday thursday friday saturday sunday christmas easter thanksgiving halloween hanukkah diwali ramadan eid passover",
  ),
);
/** Words that are capitalised only because of where they stand (or for emphasis): never a name. */
const COMMON = new Set(
  words(
    "i i'm i've i'd i'll a an the and or but so if then than when whenever while after before because since until till though although as " +
      "at in on of off for with without from to by about into onto over under up down out during through across around near between behind " +
      "my our your his her their its we he she they it you me us them this that these those there here what which who whom whose why how where " +
      "all some any each every both either neither no not none never always sometimes often once twice again also just only even still yet " +
      "today yesterday tomorrow tonight now later soon then last next first second third one two three four five six seven eight nine ten " +
      "finally eventually suddenly maybe perhaps really very much many more most few little lots everyone everybody someone somebody nobody nothing something everything " +
      "dear oh ah yes yeah no ok okay hello hi hey thanks thank please sorry wow well tv am pm internet is was were are be been had has have do did done " +
      "let lets let's it's that's there's what's we're we've we'd they're",
  ),
);
for (const word of CALENDAR) COMMON.add(word);
/** Prepositions after which a name is usually a place: "in Lisbon", "at Lake Tahoe", "to Japan". */
const PLACE_WORDS = new Set(words("in at to from near around into inside outside across through toward towards"));
/** Words inside a name that make it a place: "Lake Michigan", "St. Mary's Hospital", "Elm Street". */
const PLACE_NOUNS = new Set(
  words(
    "lake river mount mountain mountains beach park street road avenue lane square island islands bay coast sea ocean valley canyon " +
      "falls forest hill hills village town city county state airport station hotel hospital school university college church cathedral " +
      "museum bridge harbour harbor cafe café restaurant bar pub market stadium",
  ),
);
/** A phrase of its own starts after these: "the smell of Nana's kitchen" is still the writer's Nana. */
const PREPOSITIONS = new Set(words("of with to for from at in on by about like than as into onto over under near"));
/** Lower-case joining words inside a name: "Bay of Islands", "Rio de Janeiro". */
const CONNECTORS = new Set(words("of de da do dos das del der van von du di la le"));
/** Titles written with a full stop that does not end a sentence: "Dr. Okafor". */
const TITLES = new Set(words("mr mrs ms dr prof st mt"));

interface Token {
  /** Where the word starts and ends in the text, without a possessive "'s". */
  start: number;
  end: number;
  raw: string;
  /** Lower case, accents folded, possessive "'s" removed: the comparable form. */
  base: string;
  isPossessive: boolean;
  isCapitalised: boolean;
  startsSentence: boolean;
  /** Only spaces (or a title's full stop) separate it from the previous token: they can be one name. */
  joinsPrevious: boolean;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
const WORD = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu;

function tokenise(clean: string): Token[] {
  const tokens: Token[] = [];
  let end = 0;
  for (const match of clean.matchAll(WORD)) {
    const gap = clean.slice(end, match.index);
    end = match.index + match[0].length;
    const previous = tokens.at(-1);
    const afterTitle = previous !== undefined && TITLES.has(previous.base) && /^\.\s+$/.test(gap);
    const isPossessive = /'s$|s'$/i.test(match[0]);
    const raw = isPossessive ? match[0].replace(/'s$|'$/i, "") : match[0];
    tokens.push({
      start: match.index,
      end: match.index + raw.length,
      raw,
      base: fold(raw),
      isPossessive,
      isCapitalised: /^\p{Lu}/u.test(raw),
      startsSentence: previous === undefined || (!afterTitle && /[.!?…:\n"“«]/.test(gap)),
      joinsPrevious: previous !== undefined && (/^\s+$/.test(gap) || afterTitle),
    });
  }
  return tokens;
}

/** "my mother-in-law" → "mother-in-law", "stepdad" → "stepfather", "brothers" → "brother"; undefined when not kin. */
function kinOf(base: string): string | undefined {
  const inLaw = /^(.+)-in-laws?$/.exec(base);
  if (inLaw) return KIN[inLaw[1]!] && `${KIN[inLaw[1]!]}-in-law`;
  const step = /^step-?(.+)$/.exec(base);
  if (step && KIN[step[1]!]) return `step${KIN[step[1]!]}`;
  return KIN[base];
}

/** Whether the kinship word at `index` is the writer's own: "my (late) father", or "Dad" said as a name. */
function isOwnKin(tokens: Token[], index: number, key: string): boolean {
  const token = tokens[index]!;
  // "friend" alone is anyone; "my best friend" is one person.
  if (key === "best friend" && tokens[index - 1]?.base !== "best") return false;
  for (let back = 1; back <= 3 && index - back >= 0 && !tokens[index - back + 1]!.startsSentence; back++) {
    const previous = tokens[index - back]!;
    if (previous.base === "my" || previous.base === "our") return true;
    if (PREPOSITIONS.has(previous.base)) break;
    // "my son and daughter" shares the "my"; "the turkey and Mom" does not share the "the".
    if ((previous.base === "and" || previous.base === "or") && !kinOf(tokens[index - back - 1]?.base ?? "")) break;
    // "her mother", "a new dad", "my friend's father": someone else's.
    if (OTHERS.has(previous.base) || previous.isPossessive) return false;
  }
  return ADDRESS_FORMS.has(token.base) || (token.isCapitalised && (token.base === "mother" || token.base === "father"));
}

const isOccasionWord = (token: Token | undefined) => token !== undefined && token.isCapitalised && (token.base === "day" || token.base === "eve");

/** A capitalised token that can be (part of) a name. */
const canName = (token: Token) =>
  token.isCapitalised && !COMMON.has(token.base) && !CALENDAR.has(token.base.replace(/s$/, "")) && !(token.raw.length > 4 && token.raw === token.raw.toUpperCase()) && !/^\p{N}/u.test(token.raw);

/** Reads one memory's people and places (see the file's comment for the rules). */
export function readMentions(text: string): MentionReading {
  const clean = text.replace(/[’‘]/g, "'");
  const tokens = tokenise(clean);
  const mentions: Mention[] = [];
  const unsure: Mention[] = [];
  const isNameStart = (i: number) => tokens[i + 1]?.joinsPrevious === true && canName(tokens[i + 1]!) && !kinOf(tokens[i + 1]!.base);

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const kin = kinOf(token.base);
    if (kin) {
      // "Aunt Rose", "Grandma Lou": a named relative, read as a name below. "Mother's Day" is an occasion.
      const isTitle = token.isCapitalised && isNameStart(i);
      if (token.isPossessive && isOccasionWord(tokens[i + 1])) {
        i++;
        continue;
      }
      if (!isTitle && isOwnKin(tokens, i, kin)) mentions.push({ key: kin, label: `your ${kin}`, kind: "person" });
      if (!isTitle) continue;
    }
    if (!canName(token)) continue;

    // The longest run of capitalised words, with joining words between them: "Rio de Janeiro", "St. Mary's Hospital".
    const run = [i];
    let next = i + 1;
    while (next < tokens.length && tokens[next]!.joinsPrevious) {
      if (canName(tokens[next]!) && !kinOf(tokens[next]!.base)) {
        run.push(next);
        next += 1;
      } else if (!tokens[next - 1]!.isPossessive && CONNECTORS.has(tokens[next]!.base) && !tokens[next]!.isCapitalised && tokens[next + 1]?.joinsPrevious && canName(tokens[next + 1]!)) {
        run.push(next, next + 1);
        next += 2;
      } else break;
    }
    i = next - 1;

    // Occasions, never a person or a place: "Valentine's Day", "New Year's Eve", "Labor Day", "Christmas Eve".
    const last = tokens[run.at(-1)!]!;
    const afterCalendar = token.joinsPrevious && CALENDAR.has(tokens[run[0]! - 1]?.base ?? "");
    if (isOccasionWord(last) && (run.length > 1 || afterCalendar)) continue;
    // A sentence's first word is capitalised anyway: "Visiting Lisbon" names Lisbon.
    if (token.startsSentence && run.length > 1 && /(ing|ed|ly)$/.test(token.base)) run.shift();

    const first = tokens[run[0]!]!;
    const label = clean.slice(first.start, last.end).replace(/\s+/g, " ");
    const key = fold(label).replace(/\./g, "");
    if (key === "new year" || key === "new years") continue;
    const before = first.startsSentence ? undefined : tokens[run[0]! - 1];
    const preposition = before?.base === "the" ? tokens[run[0]! - 2] : before;
    const isPlace = run.some((index) => PLACE_NOUNS.has(tokens[index]!.base)) || (preposition !== undefined && PLACE_WORDS.has(preposition.base) && !last.isPossessive);
    const mention: Mention = { key, label, kind: isPlace ? "place" : "person" };
    if (run.length === 1 && first.startsSentence) unsure.push(mention);
    else mentions.push(mention);
  }
  return { mentions, unsure };
}

/**
 * Every memory's people and places, one list per reading (de-duplicated by key). A single capitalised word that
 * starts a sentence counts when some memory names it mid-sentence: "Lisbon was hot." after "We flew to Lisbon." A
 * name is a place everywhere if it is one anywhere ("to Lisbon"), since "Lisbon was hot" does not say.
 */
export function resolveMentions(readings: MentionReading[]): Mention[][] {
  const known = new Set(readings.flatMap((r) => r.mentions.map((m) => m.key)));
  const places = new Set(readings.flatMap((r) => r.mentions.filter((m) => m.kind === "place").map((m) => m.key)));
  const fullNames = fullNameOfFirstNames(readings, places);
  return readings.map(({ mentions, unsure }) => {
    const byKey = new Map<string, Mention>();
    for (const found of [...mentions, ...unsure.filter((m) => known.has(m.key))]) {
      const full = found.kind === "person" ? fullNames.get(found.key) : undefined;
      const mention = full ?? found;
      if (!byKey.has(mention.key)) byKey.set(mention.key, { ...mention, kind: places.has(mention.key) ? "place" : mention.kind });
    }
    return [...byKey.values()];
  });
}

/**
 * "Tom" is "Tom Fletcher" when the memories name exactly one person whose name begins with Tom: the same person named
 * two ways is one. With two (Tom Fletcher, Tom Baker) a bare "Tom" stays apart, as it cannot be told which.
 */
function fullNameOfFirstNames(readings: MentionReading[], places: ReadonlySet<string>): Map<string, Mention> {
  const byFirst = new Map<string, Map<string, Mention>>();
  for (const m of readings.flatMap((r) => r.mentions)) {
    if (m.kind !== "person" || places.has(m.key) || !m.key.includes(" ")) continue;
    const first = m.key.split(" ")[0]!;
    const names = byFirst.get(first) ?? new Map<string, Mention>();
    names.set(m.key, m);
    byFirst.set(first, names);
  }
  const result = new Map<string, Mention>();
  for (const [first, names] of byFirst) if (names.size === 1) result.set(first, [...names.values()][0]!);
  return result;
}
