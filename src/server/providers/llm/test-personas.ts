import type { ReflectionInput } from "./reflection-input";

// Clearly different people for the local model's tests; nothing in the product depends on them.

/** The fixed "today" the tests compute ages against. */
export const TEST_NOW = new Date("2026-11-05T12:00:00Z");

export const tersePractical: ReflectionInput = {
  firstName: "Dan",
  birthday: "1968-07-21",
  legacyPreference: "family",
  intents: ["build_twin", "preserve_memory"],
  calibration: [
    { statement: "Your car breaks down on the motorway at night.", response: "Call the recovery service. Wait behind the barrier." },
    { statement: "A colleague takes credit for your work.", response: "Tell him straight. Once." },
    { statement: "Your son wants to quit his apprenticeship.", response: "Ask him what his plan is. Then help him with it." },
    { statement: "You win a small lottery prize.", response: "Pay off the van. Rest goes to the kids." },
  ],
};

export const reflectiveLongWinded: ReflectionInput = {
  firstName: "Margaret",
  birthday: "1951-02-14",
  legacyPreference: "private",
  intents: ["reflect_identity"],
  calibration: [
    {
      statement: "You are offered a job abroad that pays twice as much.",
      response:
        "I think I would probably lie awake over it for a week. On the one hand the money would matter, and I have always wondered what it would be like to live somewhere the light is different. On the other hand I suppose I know myself well enough to see that I put down roots slowly, and perhaps the person who would go is not quite the person I am now. It depends, really, on whether I am running towards something or away from something.",
    },
    {
      statement: "A close friend tells you a secret that affects someone else.",
      response:
        "That is a hard one and I am not sure there is a clean answer. I would want to honour the trust she placed in me, but I would also feel the weight of the other person not knowing. Maybe I would sit with it for a while and then encourage her to tell them herself, because I think the telling should be hers and not mine.",
    },
    {
      statement: "You find an old diary from when you were twenty.",
      response:
        "I would read it slowly, probably with a cup of tea going cold beside me, and I suspect I would be kinder to that young woman than she was to herself. I might not recognise all of her, and I think that is alright.",
    },
  ],
};

export const jokeyExplorer: ReflectionInput = {
  firstName: "Priya",
  birthday: "1994-10-30",
  legacyPreference: "public",
  intents: ["exploring"],
  calibration: [
    { statement: "Your flight is cancelled and you are stuck overnight.", response: "Airport sushi and a new best friend at gate 12, obviously haha. Honestly it would make a great story." },
    { statement: "Someone asks you to give a toast at a wedding you weren't expecting.", response: "I'd open with a joke about the groom's dance moves lol, then say something nice so his mum doesn't kill me." },
    { statement: "Your boss asks whether you could work the weekend.", response: "Could I? Sure. Will I? Depends how good the pizza is :)" },
  ],
};

export const noCalibration: ReflectionInput = {
  firstName: "Sam",
  birthday: null,
  legacyPreference: "private",
  intents: ["reflect_identity", "exploring"],
  calibration: [],
};
