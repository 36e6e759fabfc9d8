// Who a person is to the owner, as one kin word: the People list's relationships ("late husband", "Mum", "eldest
// daughter"), the kin read from memories and the question's own words all meet here, so "my mum" in a question finds
// the person confirmed as "mother". Pure; no names of anyone in particular.

const ALIASES: Record<string, string> = {
  mum: "mother", mom: "mother", mam: "mother", mommy: "mother", mummy: "mother", mama: "mother", ma: "mother",
  dad: "father", daddy: "father", papa: "father", pa: "father",
  grandma: "grandmother", granny: "grandmother", nana: "grandmother", gran: "grandmother", nan: "grandmother",
  grandpa: "grandfather", grandad: "grandfather", granddad: "grandfather", gramps: "grandfather",
  auntie: "aunt", aunty: "aunt", hubby: "husband", fiance: "fiancé", fiancee: "fiancée",
};
// Words that say which one or how they are remembered, not who they are: "late husband", "eldest son".
const QUALIFIERS = new Set("my our late dear beloved little big older younger elder eldest oldest youngest baby first second third only twin step".split(" "));

const KIN = new Set(
  "husband wife partner spouse son daughter child mother father parent brother sister sibling grandson granddaughter grandchild grandmother grandfather great-grandmother great-grandfather aunt uncle niece nephew cousin friend neighbour neighbor fiancé fiancée boyfriend girlfriend godson goddaughter godmother godfather stepson stepdaughter stepmother stepfather".split(" "),
);

/**
 * The kin word of a relationship as the owner wrote it, lowercased: "late husband" → "husband", "Mum" → "mother",
 * "friend from work" → "friend"; a relationship with no kin word is its last word ("colleague").
 */
export function kinOf(relationship: string): string {
  const words = relationship.toLowerCase().normalize("NFC").split(/[^\p{L}-]+/u).filter((w) => w && !QUALIFIERS.has(w)).map((w) => ALIASES[w] ?? w);
  return words.find((w) => KIN.has(w)) ?? words.at(-1) ?? relationship.trim().toLowerCase();
}

/** Every kin word and every other word for one ("mum", "grandad"): the one vocabulary the twin's kin readers share. */
export const KIN_VOCABULARY: readonly string[] = [...KIN, ...Object.keys(ALIASES)];

/** Every word a question may use for this kin ("mother": mother, mum, mom, mam…), for matching in text. */
export function wordsFor(kin: string): string[] {
  return [kin, ...Object.entries(ALIASES).filter(([, to]) => to === kin).map(([from]) => from)];
}

const FEMALE_KIN = new Set("wife daughter mother sister granddaughter grandmother great-grandmother aunt niece fiancée girlfriend goddaughter godmother stepdaughter stepmother".split(" "));
const MALE_KIN = new Set("husband son father brother grandson grandfather great-grandfather uncle nephew fiancé boyfriend godson godfather stepson stepfather".split(" "));

/** The pronouns a relationship takes ("eldest daughter", "Mum": she; "late husband": he), or null ("friend", "cousin"). */
export function pronounsOf(relationship: string): "female" | "male" | null {
  // An in-law takes the pronouns of the kin word: "son-in-law" is he.
  const kin = kinOf(relationship).replace(/[- ]in[- ]law$/, "");
  return FEMALE_KIN.has(kin) ? "female" : MALE_KIN.has(kin) ? "male" : null;
}
