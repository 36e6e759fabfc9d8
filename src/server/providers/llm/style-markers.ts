// Word lists behind the local model's reading of calibration answers. Each is a plain, inspectable heuristic:
// the reflection quotes the words it found, so a reader can see why a style was named.

export type StyleMarker = "hedge" | "certainty" | "humour" | "family" | "plural" | "feeling" | "action" | "principle";

const kin = [
  "wife", "husband", "partner", "mum", "mom", "mother", "dad", "father", "son", "sons", "daughter", "daughters", "grandchild",
  "grandchildren", "grandkids", "grandson", "granddaughter", "brother", "sister", "parents", "grandma", "grandpa", "nan",
  "aunt", "uncle", "cousin",
];
const generic = ["family", "kids", "children", "child", "baby", "little ones"];
const words = (list: string[]) => new RegExp(`(?<![\\w'])(?:${list.join("|")})(?![\\w'])`, "gi");

export const markerPatterns: Record<StyleMarker, RegExp> = {
  hedge: words([
    "maybe", "perhaps", "probably", "possibly", "i think", "i guess", "i suppose", "i'd say", "not sure", "it depends",
    "depends", "might", "kind of", "sort of", "on the other hand", "then again", "hard to say", "i wonder", "unsure", "either way",
  ]),
  certainty: words([
    "definitely", "absolutely", "certainly", "always", "never", "of course", "no doubt", "without hesitation", "for sure",
    "immediately", "straight away", "right away", "obviously", "no question", "100%", "simple",
  ]),
  // Text cannot hear a tone of voice; these are the markers people type when they mean to be funny.
  humour: new RegExp(
    "(?<![\\w])(?:haha\\w*|hehe\\w*|lol|lmao|rofl|jk|just kidding|kidding|joking|joke|pun)(?![\\w])|[😂🤣😄😅😆😜😉🙃]|(?<![\\w]):[-]?[)D]|;[-]?\\)",
    "giu",
  ),
  // "my wife", "the kids": kin words with their determiner. Someone else's ("his mum") is not theirs, and the
  // generic words ("children", "family") count only when they are the person's own ("my family", "the kids").
  family: new RegExp(
    [
      `(?<!\\b(?:his|her|their|your|its|someone's)\\s)(?<![\\w'])(?:(?:my|our|the)\\s)?(?:${kin.join("|")})(?![\\w'])`,
      `(?<![\\w'])(?:my|our|the)\\s(?:${generic.join("|")})(?![\\w'])`,
    ].join("|"),
    "gi",
  ),
  plural: words(["we", "us", "our", "ours", "we'd", "we'll", "we're"]),
  feeling: words([
    "feel", "feels", "felt", "love", "loved", "scared", "afraid", "worried", "worry", "happy", "sad", "angry", "upset", "hurt",
    "proud", "grateful", "guilty", "ashamed", "anxious", "heart", "miss",
  ]),
  action: words(["call", "fix", "pay", "ask", "tell", "check", "book", "sort it", "plan", "buy", "leave", "walk away", "help", "give"]),
  principle: words(["honest", "honesty", "fair", "right thing", "wrong", "trust", "principle", "respect", "integrity", "should"]),
};

const singular = words(["i", "i'd", "i'll", "i'm", "me", "my", "mine"]);

// Curly apostrophes are folded to straight ones so "I’d" and "I'd" read the same.
const normalise = (text: string) => text.replace(/[’‘]/g, "'");

/** Every marker found in the text, lower-cased except "I", in order of appearance. */
export function findMarkers(text: string, marker: StyleMarker): string[] {
  return [...normalise(text).matchAll(markerPatterns[marker])].map((m) => m[0].toLowerCase().replace(/\bi\b/g, "I"));
}

/** Counts first-person singular words, to compare with "we". */
export function countSingular(text: string): number {
  return [...normalise(text).matchAll(singular)].length;
}

/** Character index of the first marker of this kind in the text, or -1. */
export function markerPosition(text: string, marker: StyleMarker): number {
  return normalise(text).search(markerPatterns[marker]);
}
