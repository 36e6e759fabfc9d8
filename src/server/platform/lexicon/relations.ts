import { KINDS_OF, SAME_THING } from "./general-english";
import { wordNet, type Pos, type SynsetKey, type WordNet } from "./wordnet";

/**
 * How a word of a question stands to a word of the person's material, in the spirit of natural logic (MacCartney &
 * Manning): the same thing, something more specific in the material (the question asks about pasta, the memory says
 * lasagna: it supports the question), an alternative (cat for dog, Brazil for Portugal: it contradicts it), or nothing.
 */
export type Relation = "equivalent" | "specific" | "alternative" | "unrelated";

export interface Term {
  /** The lemma, lowercased, a multiword expression joined by "_" ("lay_off"). */
  lemma: string;
  pos: Pos;
}

const HYPERNYMS = new Set(["@", "@i"]);
const HOLONYMS = new Set(["#m", "#p", "#s"]);
// Derivation (teach/teacher), pertainym (Portuguese/Portugal), similar adjectives, verb groups, "also see".
const SAME_LINKS = new Set(["+", "\\", "&", "$", "^"]);
const ANTONYM = "!";

/** How many senses of each word count: WordNet lists the most frequent first, and rare ones ("dog": a cad) mislead. */
const QUESTION_SENSES = 2;
const MATERIAL_SENSES = 3;
/** Hypernym steps a more specific word may be below the question's ("collie" is 3 below "dog"). */
const SPECIFIC_DEPTH = 6;
/** Holonym steps a place or part may be within ("Lisbon" is part of "Portugal", which is part of "Europe"). */
const PART_DEPTH = 3;
/**
 * Co-hyponyms: each word at most two steps below their closest shared kind and that kind at least five below the top
 * (cat and dog under carnivore), or three steps below a kind at least seven below the top (a plane and a boat are craft).
 */
const SIBLING_BOUNDS: ReadonlyArray<{ depth: number; rootDistance: number }> = [
  { depth: 2, rootDistance: 5 },
  { depth: 3, rootDistance: 7 },
];
/**
 * A shared kind with more kinds below it than this is too general to make two words alternatives ("person" holds a
 * teenager and a father, "worker" a soldier and a fisherman; "country" or "carnivore" are specific enough).
 */
const SIBLING_MAX_KINDS = 1200;
const HYPONYMS = new Set(["~", "~i"]);
const SIBLING_DEPTH = Math.max(...SIBLING_BOUNDS.map((b) => b.depth));
const MATERIAL_EXTRA_DEPTH = 3;

const sameThing = new Map<string, Set<string>>();
for (const group of SAME_THING) for (const word of group) sameThing.set(word, new Set([...(sameThing.get(word) ?? []), ...group]));
const kindsOf = new Map<string, Set<string>>(Object.entries(KINDS_OF).map(([role, kinds]) => [role, new Set(kinds)]));

const RELATION_CACHE = 200_000;

export class Relations {
  private readonly rootDistance = new Map<SynsetKey, number>();
  private readonly kindCount = new Map<SynsetKey, number>();
  private readonly ancestorCache = new Map<string, Map<SynsetKey, number>>();
  // The same pairs come back question after question (a person's words recur): each is worked out once.
  private readonly known = new Map<string, Relation>();

  constructor(private readonly wn: WordNet) {}

  relate(question: Term, material: Term): Relation {
    const key = `${question.lemma}\u0000${question.pos}\u0000${material.lemma}\u0000${material.pos}`;
    let relation = this.known.get(key);
    if (relation === undefined) {
      if (this.known.size >= RELATION_CACHE) this.known.clear();
      relation = this.work(question, material);
      this.known.set(key, relation);
    }
    return relation;
  }

  private work(question: Term, material: Term): Relation {
    const q = question.lemma;
    const m = material.lemma;
    if (q === m) return "equivalent";
    if (sameThing.get(q)?.has(m)) return "equivalent";
    if (kindsOf.get(q)?.has(m)) return "specific";
    // Two role words of one group (dog and cat are both pets) say nothing about each other here: WordNet decides.
    const qSenses = this.senses(question, QUESTION_SENSES);
    const mSenses = this.senses(material, MATERIAL_SENSES);
    if (qSenses.length === 0 || mSenses.length === 0) return "unrelated";
    const qAll = new Set(this.senses(question, Infinity));
    if (mSenses.some((s) => qAll.has(s))) return "equivalent";
    if (this.linked(qSenses, mSenses)) return "equivalent";
    // A word of the material below the question's, as a kind or a part.
    if (mSenses.some((s) => qSenses.some((t) => this.ancestors(s, "kind").has(t) || this.ancestors(s, "part").has(t)))) return "specific";
    // The question's word below the material's: the material is more general ("an animal" for "a dog"), which neither
    // supports nor contradicts it.
    if (qSenses.some((s) => mSenses.some((t) => this.ancestors(s, "kind").has(t) || this.ancestors(s, "part").has(t)))) return "unrelated";
    if (this.antonyms(qSenses, mSenses) || this.siblings(qSenses.slice(0, QUESTION_SENSES), mSenses.slice(0, QUESTION_SENSES))) return "alternative";
    return "unrelated";
  }

  private senses(term: Term, count: number): SynsetKey[] {
    const direct = this.wn.senses(term.lemma, term.pos);
    // Adjectives and nouns cross often ("Portuguese" the people, the language, the adjective): try the other.
    const senses = direct.length > 0 ? direct : term.pos === "a" ? this.wn.senses(term.lemma, "n") : term.pos === "n" ? this.wn.senses(term.lemma, "a") : [];
    return senses.slice(0, count);
  }

  private linked(a: SynsetKey[], b: SynsetKey[]): boolean {
    const bSet = new Set(b);
    return a.some((s) => this.wn.synset(s).pointers.some((p) => SAME_LINKS.has(p.symbol) && bSet.has(p.target)));
  }

  private antonyms(a: SynsetKey[], b: SynsetKey[]): boolean {
    const bSet = new Set(b);
    return a.some((s) => this.wn.synset(s).pointers.some((p) => p.symbol === ANTONYM && bSet.has(p.target)));
  }

  /**
   * Whether two senses are close kinds of one specific thing (cat and dog: carnivores; Brazil and Portugal: countries).
   * The material may name a more specific kind than people ask about ("a collie" for "a dog"): its side may be up to
   * MATERIAL_EXTRA_DEPTH steps deeper.
   */
  private siblings(question: SynsetKey[], material: SynsetKey[]): boolean {
    for (const s of question) {
      const up = this.ancestors(s, "kind", SIBLING_DEPTH);
      for (const t of material) {
        for (const [key, depth] of this.ancestors(t, "kind", SIBLING_DEPTH + MATERIAL_EXTRA_DEPTH)) {
          if (key === s || key === t) continue;
          const asked = up.get(key);
          if (asked === undefined || asked === 0 || depth === 0) continue;
          if (!SIBLING_BOUNDS.some((b) => asked <= b.depth && depth <= b.depth + MATERIAL_EXTRA_DEPTH && this.distanceToRoot(key) >= b.rootDistance)) continue;
          if (this.kindsBelow(key) <= SIBLING_MAX_KINDS) return true;
        }
      }
    }
    return false;
  }

  /** The synsets above one (itself at 0) along hypernyms ("kind") or holonyms ("part"), with their distance. */
  private ancestors(key: SynsetKey, along: "kind" | "part", limit = along === "kind" ? SPECIFIC_DEPTH : PART_DEPTH): Map<SynsetKey, number> {
    const cacheKey = `${along}:${limit}:${key}`;
    const cached = this.ancestorCache.get(cacheKey);
    if (cached) return cached;
    const symbols = along === "kind" ? HYPERNYMS : HOLONYMS;
    const found = new Map<SynsetKey, number>([[key, 0]]);
    let frontier = [key];
    for (let depth = 1; depth <= limit && frontier.length > 0; depth += 1) {
      const next: SynsetKey[] = [];
      for (const at of frontier) {
        for (const pointer of this.wn.synset(at).pointers) {
          // A place is part of a region through its own holonyms, or through those of the kind it is an instance of.
          if (!symbols.has(pointer.symbol) || found.has(pointer.target)) continue;
          found.set(pointer.target, depth);
          next.push(pointer.target);
        }
      }
      frontier = next;
    }
    if (this.ancestorCache.size > 50_000) this.ancestorCache.clear();
    this.ancestorCache.set(cacheKey, found);
    return found;
  }

  /** How many synsets lie below one (hyponyms and instances, counted up to SIBLING_MAX_KINDS + 1). */
  private kindsBelow(key: SynsetKey): number {
    const known = this.kindCount.get(key);
    if (known !== undefined) return known;
    const seen = new Set<SynsetKey>([key]);
    const queue = [key];
    while (queue.length > 0 && seen.size <= SIBLING_MAX_KINDS + 1) {
      for (const pointer of this.wn.synset(queue.shift()!).pointers) {
        if (HYPONYMS.has(pointer.symbol) && !seen.has(pointer.target)) {
          seen.add(pointer.target);
          queue.push(pointer.target);
        }
      }
    }
    this.kindCount.set(key, seen.size - 1);
    return seen.size - 1;
  }

  /** Steps from a synset to the top of its hierarchy by its first hypernyms: how specific a kind is. */
  private distanceToRoot(key: SynsetKey): number {
    const known = this.rootDistance.get(key);
    if (known !== undefined) return known;
    let steps = 0;
    let at: SynsetKey | undefined = key;
    const seen = new Set<SynsetKey>();
    while (at && !seen.has(at) && steps < 30) {
      seen.add(at);
      at = this.wn.synset(at).pointers.find((p) => HYPERNYMS.has(p.symbol))?.target;
      if (at) steps += 1;
    }
    this.rootDistance.set(key, steps);
    return steps;
  }
}

let shared: Relations | null = null;
/** The process's one relation finder over its one WordNet. */
export const relations = (): Relations => (shared ??= new Relations(wordNet()));
