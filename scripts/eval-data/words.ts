/**
 * Rule 1 of the twin personas (eval/dev/README.md): an answerable question shares no content word with the texts it
 * expects. A content word is lowercased, accents folded, longer than 3 letters and neither a stop word nor a kin word
 * the asker may use. Word forms are folded by a crude suffix stemmer, a table of irregular forms and a prefix test
 * (north/northern), so the check errs on the side of flagging. Ported word for word from the former check_personas.py.
 */

const words = (text: string) => new Set(text.trim().split(/\s+/));

export const STOP = words(`
about above after again against also although among another anyone anything
around because been before being below between both cannot could does doing
done down during each either else even ever every everyone everything from
have having here hers herself himself into itself just like many more most
much must myself never none ours ourselves over same shall should since some
someone something such than that their theirs them themselves then there
these they this those though through thus till under until upon very were
what whatever when where whether which while whom whose will with within
without would your yours yourself yourselves what's it's that's there's
you'd you're you've you'll i've i'd i'm don't didn't doesn't wasn't weren't
isn't aren't won't can't couldn't wouldn't shouldn't haven't hasn't hadn't
who's how's let's she's he's they're they've we're we've
`);

/** Kin words the asker may use for the person or relatives ("Mum, where did you meet Dad?"). */
export const KIN = words(`
mom mum mama mommy mummy dad daddy papa grandpa grandma granny grandad
granddad grandpa's grandma's nana gran great aunt auntie uncle sis
`);

export const IRREGULAR: ReadonlyMap<string, string> = new Map(
  Object.entries({
    met: "meet", wore: "wear", worn: "wear", ran: "run", came: "come",
    said: "say", says: "say", told: "tell", knew: "know", known: "know",
    taught: "teach", brought: "bring", bought: "buy", felt: "feel",
    left: "leave", lost: "lose", found: "find", gave: "give",
    given: "give", took: "take", taken: "take", went: "go", gone: "go",
    saw: "see", seen: "see", sang: "sing", sung: "sing", flew: "fly",
    flown: "fly", fell: "fall", fallen: "fall", held: "hold",
    kept: "keep", made: "make", thought: "think", wrote: "write",
    written: "write", drove: "drive", driven: "drive", ate: "eat",
    eaten: "eat", sat: "sit", stood: "stand", spoke: "speak",
    spoken: "speak", slept: "sleep", swam: "swim", won: "win",
    grew: "grow", grown: "grow", began: "begin", begun: "begin",
    broke: "break", broken: "break", built: "build", caught: "catch",
    chose: "choose", chosen: "choose", drank: "drink", drunk: "drink",
    fought: "fight", hid: "hide", hidden: "hide", hung: "hang",
    led: "lead", paid: "pay", rang: "ring", rung: "ring", sent: "send",
    shook: "shake", sold: "sell", spent: "spend", stole: "steal",
    struck: "strike", swore: "swear", threw: "throw", thrown: "throw",
    understood: "understand", woke: "wake", dug: "dig", fed: "feed",
    bit: "bite", bitten: "bite", lit: "light", meant: "mean",
    dealt: "deal", burnt: "burn", learnt: "learn", dreamt: "dream",
    died: "die", dying: "die", dead: "die", death: "die",
    laid: "lay", lain: "lie", lay: "lie", ground: "grind",
    wed: "wedding", married: "marry", marriage: "marry",
    born: "birth", ridden: "ride", rode: "ride", froze: "freeze",
    frozen: "freeze", forgot: "forget", forgotten: "forget",
    forgave: "forgive", forgiven: "forgive", got: "get", gotten: "get",
    heard: "hear", shot: "shoot", stuck: "stick",
    swept: "sweep", wept: "weep", wound: "wind", children: "child",
    men: "man", women: "woman", mice: "mouse", feet: "foot",
    teeth: "tooth", geese: "goose", grandchildren: "grandchild",
  }),
);

/** Tried in this order; the first that fits (leaving at least 3 letters) is removed. */
const SUFFIXES = ["ations", "ation", "ingly", "ments", "ment", "ness", "ings", "ing", "ied", "ies", "ers", "est", "ed", "es", "er", "ly", "s"];

/** Lowercase with accents removed (é → e, ọ̀ → o) and the typographic apostrophe made straight. */
export function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replaceAll("\u2019", "'");
}

export function stem(word: string): string {
  const w = IRREGULAR.get(word) ?? word;
  for (const suffix of SUFFIXES) {
    if (!w.endsWith(suffix) || w.length - suffix.length < 3) continue;
    let base = w.slice(0, -suffix.length);
    if (suffix === "ied" || suffix === "ies") base += "y";
    const last = base.at(-1)!;
    if (base.length >= 4 && last === base.at(-2) && last !== "l" && last !== "s") base = base.slice(0, -1); // stopped → stop
    return base;
  }
  return w;
}

/** The content words of a text: stem → the forms in which it appears. */
export function contentWords(text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [raw] of fold(text).matchAll(/[a-z]+(?:'[a-z]+)?/g)) {
    const w = raw.endsWith("'s") ? raw.slice(0, -2) : raw;
    if (STOP.has(w) || STOP.has(raw) || KIN.has(w)) continue;
    if ((IRREGULAR.get(w) ?? w).length <= 3 && w.length <= 3) continue;
    const key = stem(w);
    const forms = out.get(key) ?? new Set<string>();
    forms.add(raw);
    out.set(key, forms);
  }
  return out;
}

/** Every pair of content words the two texts share, as "question forms~expected forms" ("taught~teacher"). */
export function sharedWords(question: Map<string, Set<string>>, expected: Map<string, Set<string>>): string[] {
  const forms = (set: Set<string>) => [...set].sort().join("/");
  const hits: string[] = [];
  for (const [qs, qraw] of question) {
    for (const [ms, mraw] of expected) {
      const [short, long] = ms.length < qs.length ? [ms, qs] : [qs, ms];
      if (qs === ms || (short.length >= 4 && long.startsWith(short))) hits.push(`${forms(qraw)}~${forms(mraw)}`);
    }
  }
  return hits;
}
