import { pickVariant } from "./hash";
import type { Intent, ReflectionContext } from "./reflection-input";
import { optional, required, type Paragraph } from "./reflection-sentences";
import { joinAsList, numberWord } from "./text-tools";

// The intents in the person's own terms, turned into something a sentence can carry.
const intentPhrases: Record<Exclude<Intent, "exploring">, string> = {
  preserve_memory: "preserve your memory for the people you love",
  reflect_identity: "reflect on who you are",
  build_twin: "build an AI twin of yourself",
};

function reasonSentence(intents: Intent[], age: number | null): string | null {
  const purposeful = intents.filter((i): i is Exclude<Intent, "exploring"> => i !== "exploring").map((i) => intentPhrases[i]);
  const exploring = intents.includes("exploring");
  const lead = age !== null ? `You are ${age}, and you` : "You";
  if (purposeful.length === 0) {
    if (!exploring) return age !== null ? `You are ${age}.` : null;
    return `${lead} said you are just exploring for now, which is a fine way to begin: nothing here asks for more than you choose to give.`;
  }
  const tail = exploring ? ", while also, in your words, just exploring" : "";
  return `${lead} came to Mindprint to ${joinAsList(purposeful)}${tail}.`;
}

// A second sentence that reads the combination of choices, never adding facts about the person.
function combinationSentence(intents: Intent[]): string | null {
  const has = (i: Intent) => intents.includes(i);
  if (has("preserve_memory") && has("build_twin")) return "Those two aims meet here: what you keep is what your twin will speak from.";
  if (has("reflect_identity") && intents.length === 1) return "So this page is less a portrait for others than a mirror for you.";
  if (has("build_twin") && intents.length === 1) return "A twin is only as good as the material it learns from, and that material is yours to give.";
  if (has("preserve_memory") && intents.length === 1) return "Everything you record here is kept in your own words, for them.";
  return null;
}

/** Who the person is and why they came; skips what the context does not hold. */
export function aboutParagraph(context: ReflectionContext, seed: string): Paragraph {
  const intents = context.intents.map((i) => i.value);
  const n = context.calibration.length;
  const source =
    n === 0
      ? "the choices you made during onboarding"
      : `${n === 1 ? "one answer" : `${numberWord(n)} answers`} in your own words and the choices you made during onboarding`;
  const sketch = pickVariant(["a first sketch of you", "a first reflection of you", "a first portrait of you"], seed, "opening");
  const opening = context.firstName ? `${context.firstName}, this is ${sketch}, drawn only from ${source}.` : `This is ${sketch}, drawn only from ${source}.`;
  const reason = reasonSentence(intents, context.age);
  const combination = combinationSentence(intents);
  return [required(opening), ...(reason ? [required(reason)] : []), ...(combination ? [optional(combination)] : [])];
}

/** Who the twin is for, in the words of the legacy choice; says so plainly when no choice was made. */
export function legacyParagraph(context: ReflectionContext): Paragraph {
  const legacy = context.legacyPreference?.value ?? null;
  const intents = context.intents.map((i) => i.value);
  if (legacy === null) return [required("You have not yet chosen who may reach your twin later; that choice is yours whenever you are ready.")];
  if (legacy === "private") {
    return [
      required("You chose to keep it private: what you record here is only accessible to you."),
      ...(intents.includes("preserve_memory")
        ? [optional("Wanting to preserve your memory for loved ones and keeping it to yourself for now sit together fine; you can change who may listen later.")]
        : []),
    ];
  }
  if (legacy === "family") {
    return [
      required("You want it shared with family after you are gone, released to the contacts you designate."),
      ...(intents.includes("build_twin") ? [optional("So the twin you are building is, in the end, for them: the people you name will be the ones who talk to it.")] : []),
    ];
  }
  return [
    required("You chose to make it public in the future, as a contribution to digital consciousness research."),
    ...(intents.includes("exploring") ? [optional("That is an open-handed choice for someone who is still exploring.")] : []),
  ];
}

/** A closing that points to the next step that matters most for this person's reasons. */
export function closingParagraph(context: ReflectionContext): Paragraph {
  const intents = context.intents.map((i) => i.value);
  const answered = context.calibration.length > 0;
  const these = context.calibration.length === 1 ? "this answer" : "these answers";
  // Never point back at "these answers" when there are none.
  const next = intents.includes("build_twin")
    ? answered
      ? `Your twin will speak from ${these} first; every scenario you add gives it more of your own words to draw on.`
      : "Your twin will speak only from your own words, so the scenarios and memories you add next are what it will draw on."
    : intents.includes("preserve_memory")
      ? answered
        ? `The memories you add next will sit beside ${these}, kept in your own words.`
        : "The memories you add next will be kept exactly as you tell them, in your own words."
      : intents.includes("reflect_identity")
        ? `Read this as a mirror, not a verdict: if something here does not sound like you, answer ${answered ? "another scenario" : "a few scenarios"} and it will shift.`
        : "There is no rush: record a memory or your voice whenever you feel like it, and this picture will fill in.";
  return [
    required(next),
    ...(answered && context.calibration.length < 3 ? [optional("A few more scenarios would make the picture sharper.")] : []),
  ];
}
