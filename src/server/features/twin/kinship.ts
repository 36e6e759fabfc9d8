// General kinship: who a kin word names depends on who says it. A question a contact asks the twin is read from the
// asker's side ("Dad", asked by the owner's daughter, is the owner's husband or partner) and rewritten from the owner's
// side before retrieval, so the memories ("my husband Tomasz") are found. One table for every owner; never a name.

/** The asker's relationship to the owner, as the legacy contact's free text is read ("my eldest daughter" → child). */
export type AskerRole = "child" | "grandchild" | "great-grandchild" | "sibling" | "niece-nephew" | "spouse" | "parent" | "cousin" | "friend";

const ROLE_WORDS: Array<[AskerRole, RegExp]> = [
  ["great-grandchild", /\bgreat[- ]?grand(?:son|daughter|child|kid)\b/],
  ["grandchild", /\bgrand(?:son|daughter|child|kid)\b/],
  ["niece-nephew", /\b(?:niece|nephew)\b/],
  ["child", /\b(?:son|daughter|child|kid|stepson|stepdaughter|stepchild)\b/],
  ["sibling", /\b(?:brother|sister|sibling|twin)\b/],
  ["spouse", /\b(?:husband|wife|spouse|partner|widow|widower|fianc[eé]e?)\b/],
  ["parent", /\b(?:mother|father|mom|mum|dad|parent)\b/],
  ["cousin", /\bcousin\b/],
];

/** Reads a contact's relationship ("eldest daughter", "Grandson", "friend from work") as a role, or null. */
export function askerRole(relationship: string | null | undefined): AskerRole | null {
  const text = (relationship ?? "").toLowerCase();
  // An in-law is kin by marriage: "Dad" from a son-in-law is not the owner's husband.
  if (/in[- ]law/.test(text)) return null;
  for (const [role, pattern] of ROLE_WORDS) if (pattern.test(text)) return role;
  return /\bfriend\b/.test(text) ? "friend" : null;
}

/** The kin words a question may use, by what they name from the speaker's side. */
type Kin = "mother" | "father" | "grandmother" | "grandfather" | "great-grandmother" | "great-grandfather" | "sister" | "brother" | "aunt" | "uncle" | "cousin" | "son" | "daughter";
const KIN_PATTERNS: Array<[Kin, RegExp]> = [
  ["great-grandmother", /\bgreat[- ]?(?:grandma|granny|grandmother|nana|gran)\b/gi],
  ["great-grandfather", /\bgreat[- ]?(?:grandpa|grandad|granddad|grandfather|gramps)\b/gi],
  ["grandmother", /\b(?:grandma|granny|grandmother|nana|gran|nan)\b/gi],
  ["grandfather", /\b(?:grandpa|grandad|granddad|grandfather|gramps)\b/gi],
  ["mother", /\b(?:mom|mum|mommy|mummy|mama|mother)\b/gi],
  ["father", /\b(?:dad|daddy|papa|father)\b/gi],
  ["aunt", /\b(?:aunt|auntie|aunty)\b/gi],
  ["uncle", /\buncle\b/gi],
  ["sister", /\bsister\b/gi],
  ["brother", /\bbrother\b/gi],
  ["cousin", /\bcousin\b/gi],
  ["son", /\bson\b/gi],
  ["daughter", /\bdaughter\b/gi],
];

/**
 * What a kin word said by an asker of this role names from the owner's side, as the owner would write it. The asker's
 * own parent, asked by a child, is the owner's spouse (the owner is the other parent); asked by a grandchild, the
 * owner's child; and so on. Absent: the word means the same from both sides, or cannot be placed.
 */
const OWNER_SIDE: Partial<Record<AskerRole, Partial<Record<Kin, string>>>> = {
  child: {
    mother: "wife", father: "husband", grandmother: "mother", grandfather: "father", "great-grandmother": "grandmother", "great-grandfather": "grandfather",
    sister: "daughter", brother: "son", aunt: "sister", uncle: "brother", cousin: "niece or nephew",
  },
  grandchild: {
    mother: "daughter", father: "son", grandmother: "wife", grandfather: "husband", "great-grandmother": "mother", "great-grandfather": "father",
    aunt: "daughter", uncle: "son", sister: "granddaughter", brother: "grandson", cousin: "grandchild",
  },
  "great-grandchild": {
    grandmother: "daughter", grandfather: "son", "great-grandmother": "wife", "great-grandfather": "husband", mother: "granddaughter", father: "grandson",
  },
  "niece-nephew": { mother: "sister", father: "brother", grandmother: "mother", grandfather: "father", aunt: "wife", uncle: "husband", cousin: "son or daughter" },
  spouse: { son: "son", daughter: "daughter" },
  parent: { son: "brother", daughter: "sister", grandmother: "grandmother", grandfather: "grandfather" },
};

/** The words that name the owner, for an asker of this role: said to the twin, they mean "you". */
const NAMES_THE_OWNER: Partial<Record<AskerRole, Kin[]>> = {
  child: ["mother", "father"],
  grandchild: ["grandmother", "grandfather"],
  "great-grandchild": ["great-grandmother", "great-grandfather"],
  "niece-nephew": ["aunt", "uncle"],
  sibling: ["sister", "brother"],
  parent: ["son", "daughter"],
};

/**
 * The question as the owner would hear it: kin words of the asker's side rewritten from the owner's side ("Did Dad
 * teach you to sail?" from a daughter → "Did your husband teach you to sail?"), the asker's word for the owner used in
 * address dropped. "your …" is the owner's own already and is kept; "my …" is the asker's. A parent word not used in
 * address names the other parent: the owner's spouse (nobody calls the person they are talking to "Dad" in passing).
 */
export function fromOwnersSide(question: string, role: AskerRole | null): string {
  if (!role || role === "friend" || role === "cousin") return question;
  const map = OWNER_SIDE[role] ?? {};
  const owner = new Set(NAMES_THE_OWNER[role] ?? []);
  let text = question;
  // Address: "Mom, …" or "…, Grandpa?" names the listener, who is the owner.
  for (const [kin, pattern] of KIN_PATTERNS) {
    if (!owner.has(kin)) continue;
    text = text.replace(new RegExp(`^\\s*(?:${pattern.source})\\s*,\\s*`, "i"), "").replace(new RegExp(`,\\s*(?:${pattern.source})\\s*([?.!]*)\\s*$`, "i"), "$1");
  }
  for (const [kin, pattern] of KIN_PATTERNS) {
    const target = map[kin];
    if (!target) continue;
    // "my dad" (the asker's) and a bare "Dad" both become the owner's "your husband"; "your father" stays.
    // "a sister", "her brother", "the son-in-law" name someone else's kin, or nobody in particular: left as said.
    text = text.replace(new RegExp(`(\\b(?:my|your)\\s+)?(?<!great[- ]?)(?<!\\b(?:a|an|the|her|his|their|our|whose|any|some|another|every)\\s+)(?:${pattern.source})(?![- ]in[- ]law)`, "gi"), (word: string, possessive: string | undefined) =>
      possessive && /^your/i.test(possessive) ? word : `your ${target}`,
    );
  }
  return text.replace(/\b(?:the|a)\s+your\b/gi, "your").replace(/^\s*./, (c) => c.toUpperCase());
}

/**
 * The other way round: what the asker calls someone the owner calls by this kin word, as a kin word of the asker's
 * side ("husband", to the owner's child, is their "father"). Null where it cannot be placed with one word.
 */
export function askerSideKin(role: AskerRole | null, ownerKin: string): string | null {
  if (!role) return null;
  const found = Object.entries(OWNER_SIDE[role] ?? {}).find(([, owner]) => owner === ownerKin);
  return found ? found[0] : null;
}

/**
 * The asker's own words for the people their question names, by the owner's kin word: "What was Dad like?" from a
 * daughter gives husband → "dad". A word used in address ("Mom, …") names the owner and is left out.
 */
export function askerWords(question: string, role: AskerRole | null): Map<string, string> {
  const words = new Map<string, string>();
  if (!role) return words;
  const map = OWNER_SIDE[role] ?? {};
  const owner = new Set(NAMES_THE_OWNER[role] ?? []);
  for (const [kin, pattern] of KIN_PATTERNS) {
    const target = map[kin];
    if (!target || target.includes(" ")) continue;
    for (const m of question.matchAll(pattern)) {
      const before = question.slice(0, m.index);
      const after = question.slice(m.index + m[0].length);
      if (owner.has(kin) && (/^\s*$/.test(before) ? /^\s*,/.test(after) : /,\s*$/.test(before) && /^\s*[?.!]*\s*$/.test(after))) continue;
      if (!words.has(target)) words.set(target, m[0].toLowerCase());
    }
  }
  return words;
}
