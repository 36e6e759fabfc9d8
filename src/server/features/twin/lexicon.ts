// General English word lists for reading a question. Nothing here is about any one person: these are the words
// people use when they ask someone about their life, and the everyday synonyms they use for the same things.

/**
 * The frame of a question beyond PostgreSQL's stop list: asking, remembering and vague words that say what kind of
 * answer is wanted, never what it is about.
 */
export const FRAME = new Set(
  (
    "ever never really still even much many lot lots please okay ok yes well maybe perhaps also " +
    "tell told telling remember remembered recall think thinking thought know knew known wonder wondering considering planning " +
    "happen happened happens say said talk talked talking mean meant like thing things something anything everything stuff " +
    "way kind sort bit let us story stories would could might must shall"
  ).split(" "),
);

/**
 * Words that hint at a topic but rarely decide it: light verbs, time words, evaluative adjectives, and the kinship
 * words a family member uses to address or name the person ("Grandpa Frank", "Mom"). They count a little.
 */
export const WEAK = new Set(
  (
    "live lived living see saw seen come came take took give gave want wanted need try tried use used keep keeps kept become became " +
    "call called calls name named first last best worst big small good bad great favorite favourite old new life time times day days " +
    "year years people person someone somebody anyone everyone family home night morning always sometimes often next " +
    "mom mum mommy mother dad daddy father grandpa grandad granddad grandfather grandma granny grandmother nana papa " +
    "aunt auntie uncle cousin honey dear sweetheart " +
    "one two three four five six seven eight nine ten both " +
    "play played playing visit visited meet met buy bought eat ate drink drank find found lose lost start started " +
    "stop stopped learn learned spend spent"
  ).split(" "),
);

/** Irregular forms the stemmer cannot join to their base word. */
export const IRREGULAR: Record<string, string> = {
  taught: "teach", won: "win", found: "find", left: "leave", born: "birth", ate: "eat", eaten: "eat", bought: "buy",
  brought: "bring", caught: "catch", fought: "fight", sold: "sell", met: "meet", lost: "lose", paid: "pay", built: "build",
  drove: "drive", driven: "drive", wrote: "write", written: "write", sang: "sing", sung: "sing", swam: "swim", flew: "fly",
  flown: "fly", fell: "fall", fallen: "fall", broke: "break", broken: "break", chose: "choose", chosen: "choose", froze: "freeze",
  grew: "grow", grown: "grow", ran: "run", rode: "ride", sent: "send", spent: "spend", stood: "stand", threw: "throw",
  woke: "wake", wore: "wear", hid: "hide", held: "hold", led: "lead", began: "begin", begun: "begin", knelt: "kneel",
  slept: "sleep", kept: "keep", felt: "feel", married: "marry", died: "die", dead: "die", death: "die", kids: "kid", children: "child",
  grandkids: "grandchild", grandchildren: "grandchild", wives: "wife", men: "man", women: "woman", feet: "foot", teeth: "tooth",
};

/**
 * Words that mean the same thing (spellings, registers, kinship names), searched as one topic. Topical associations
 * ("cook" and "restaurant", "church" and "faith") are left to the sentence encoder: as words they would turn a near
 * miss into a match.
 */
export const SYNONYMS: string[][] = [
  ["mom", "mum", "mommy", "mother"],
  ["dad", "daddy", "father", "papa"],
  ["grandpa", "grandad", "granddad", "grandfather"],
  ["grandma", "granny", "nana", "grandmother"],
  ["grandchild", "grandkid", "grandson", "granddaughter", "grandchildren", "grandkids"],
  ["kid", "child", "children", "son", "daughter"],
  ["husband", "wife", "spouse", "partner"],
  ["sister", "sibling"],
  ["brother", "sibling"],
  ["neighbor", "neighbour", "neighbors", "neighbours"],
  ["favorite", "favourite"],
  ["school", "college", "university", "campus"],
  ["job", "work", "career", "profession", "occupation"],
  ["quit", "leave", "leaving", "left", "resign"],
  ["money", "cash", "savings", "dollars"],
  ["lend", "borrow", "loan"],
  ["dog", "puppy", "pup"],
  ["cat", "kitten"],
  ["trip", "travel", "vacation", "holiday", "journey"],
  ["friend", "buddy"],
  ["wallet", "purse"],
  ["coworker", "colleague", "workmate", "coworkers", "colleagues"],
  ["police", "cop", "officer"],
  ["afraid", "scared", "terrified", "fear", "frightened"],
  ["marry", "married", "marriage", "wedding"],
  ["die", "died", "death", "passed"],
  ["birth", "born"],
  ["teach", "teacher", "teaching"],
];

/** Words that name a feeling, pointing at the memory emotions of the vault. */
export const EMOTION_WORDS: Record<string, string> = {
  happy: "Joy", happiest: "Joy", joy: "Joy", joyful: "Joy",
  love: "Love", loved: "Love",
  proud: "Pride", proudest: "Pride", pride: "Pride",
  excited: "Excitement", exciting: "Excitement", thrilled: "Excitement",
  sad: "Sadness", saddest: "Sadness", grief: "Sadness", cry: "Sadness", cried: "Sadness",
  angry: "Anger", mad: "Anger", furious: "Anger",
  scared: "Fear", afraid: "Fear", scariest: "Fear", frightened: "Fear", terrified: "Fear",
  surprised: "Surprise", surprise: "Surprise", shocked: "Surprise",
  miss: "Nostalgia", nostalgic: "Nostalgia",
};

/**
 * Words that say how someone felt (stems, docs/formulas.md "Feeling questions"): a sentence holding one carries a feeling,
 * "I was numb for weeks", "I cried in the car park"; a sentence of facts ("He died in March") holds none. A sentiment
 * score would not do: it counts "died" as a feeling.
 */
export const FEELING_WORDS = new Set(
  (
    "feel felt feeling feelings heartbroken heartbreak numb cry cried crying tears tearful wept weep sob sobbed laugh laughed " +
    "happy happiest happiness sad sadness saddest afraid scared frightened terrified fear fright panic panicked angry anger furious " +
    "rage proud pride ashamed shame guilty guilt lonely loneliness relieved relief grateful thankful gratitude nervous anxious " +
    "worried worry dread hopeless glad joy joyful delighted thrilled excited elated overjoyed miss missed grief grieve " +
    "grieved grieving ache ached aching hurt hated jealous embarrassed peaceful bitter resent resentful " +
    "shaking trembling devastated shattered crushed stunned shocked bewildered helpless comfort comforted love loved " +
    "adore adored sorry regret regretted bliss blissful giddy homesick wretched miserable"
  ).split(" "),
);

/** A question that asks how the person felt ("How did you feel when…", "How did you cope…", "Were you scared…"). */
export const FEELING_QUESTION = /\b(feel|feeling|feelings|felt|cope|coped|coping|emotion|emotions|take it|took it|handle it|handled it|grieve|grieved|grieving)\b/i;

/** Phrasings that ask for the person's judgement (their calibration answers) rather than a past event. */
export const ADVICE_PATTERNS = [
  /\bshould i\b/i,
  /\bwhat would you (do|say|tell)\b/i,
  /\bwhat do you think\b/i,
  /\bwould you\b/i,
  /\bi'?m thinking (of|about)\b/i,
  /\bany advice\b/i,
  /\bwhat should\b/i,
  /\bhow should\b/i,
  /\bdo you think i\b/i,
];
