import { describe, expect, it } from "vitest";
import { createCrisisReader, type CrisisReader } from "../../providers/embeddings";
import { createCrisisDetector, readWithRules } from "./crisis-detector";

// Sentences written for these tests (not taken from the evaluation sets).
const CRISIS = [
  "I'm going to kill myself on Friday.",
  "i want to die so much it scares me",
  "Mam, I've made up my mind to end my life.",
  "I wish I'd died in the crash instead of you.",
  "I don't want to be alive anymore.",
  "I want to be with you again, Dad. I'm coming.",
  "Keep a seat for me up there, love.",
  "I cut myself again last night, deeper than before.",
  "I burned my arm with a lighter on purpose.",
  "I've been stockpiling my sleeping tablets.",
  "How many of these painkillers would it take to die?",
  "This is my last message. Goodbye forever.",
  "Everyone would be better off without me.",
  "I'm just a burden to my son now.",
  "I just want to go to sleep and never wake up.",
  "I'm scared of what I might do to myself tonight.",
];

const ORDINARY = [
  "I'd die for your lasagna right now.",
  "This traffic is killing me.",
  "I can't go on the trip without you, so Jen is coming instead.",
  "Just killing time at the station before my bus.",
  "I'm dying to tell you about the new baby.",
  "I cut my thumb slicing onions for your soup recipe.",
  "I burned myself on the grill, just a small blister.",
  "I'm taking my tablets like the doctor said.",
  "I'm coming to see you at the cemetery on Saturday with some roses.",
  "Goodnight Dad, this is my last message for tonight.",
  "I'll see you in my dreams.",
  "How did Grandad die?",
  "I miss you so much it hurts.",
  "This crossword beats me every time, I give up.",
];

describe("crisis check, phrase rules alone (no reader)", () => {
  const detector = createCrisisDetector({ reader: null });

  it.each(CRISIS)("flags %s", async (text) => {
    const verdict = await detector.detect(text);
    expect(verdict).toMatchObject({ crisis: true, tier: "support", signal: "pattern", score: 1 });
    expect(verdict.rule).toEqual(expect.any(String));
  });

  it.each(ORDINARY)("does not flag %s", async (text) => {
    expect(await detector.detect(text)).toEqual({ crisis: false, tier: null, signal: null, score: 0, rule: null });
  });

  it("flags a wording no phrase names when the writer's own ending comes with a wish or an intent", async () => {
    expect(await detector.detect("Soon I'll leave this world, I've decided.")).toMatchObject({ crisis: true, rule: "own-ending" });
    expect((await detector.detect("When I die one day, scatter me where you are.")).crisis).toBe(false);
    expect((await detector.detect("Your rhubarb crumble will be the death of me, I want seconds.")).crisis).toBe(false);
    expect((await detector.detect("I'm not going to die tonight, I promise.")).crisis).toBe(false);
  });

  it("reads curly quotes, capitals, accents and chat spellings as plain words", async () => {
    for (const text of ["I\u2019M GONNA KILL MYSELF", "im gonna end it all tonite", "I wánt to díe.", "kms fr"]) {
      expect((await detector.detect(text)).crisis, text).toBe(true);
    }
  });

  it("reads disguised spellings as the words they are, and the commonest phrases in four other languages (issue 40, SECURITY.md 47)", async () => {
    const disguised = ["I'm going to kill myself!", "I want to die!!", "i want to k1ll mys3lf tonight", "kill\u200bmy\u200bself", "I w-a-n-t t-o d-i-e", "quiero morir", "Je veux mourir, maman.", "Ich will nicht mehr leben.", "Eu quero morrer.", "ｋｉｌｌ ｍｙｓｅｌｆ"];
    for (const text of disguised) expect((await detector.detect(text)).crisis, text).toBe(true);
    for (const text of ["Quiero mucho a mi abuela.", "Je veux manger des crêpes.", "Ich will morgen Kuchen backen.", "Quero morar em Lisboa."]) {
      expect((await detector.detect(text)).crisis, text).toBe(false);
    }
  });

  it("does not flag a denial of intent, but flags a wish said next to one", async () => {
    // Decision (docs/decisions/0028): a plain denial ("I'm not going to hurt myself, don't worry") is reassurance, not a
    // crisis; flagging it would replace the twin with a crisis reply for someone who said they are safe. Another crisis
    // clause in the same message still counts, and so does a negation of some other verb.
    expect((await detector.detect("I'm not going to hurt myself, don't worry.")).crisis).toBe(false);
    expect((await detector.detect("I would never kill myself, the kids need me.")).crisis).toBe(false);
    expect(readWithRules("I'm not going to hurt myself, don't worry.")).toEqual({ kind: "cancelled" });
    expect((await detector.detect("I won't do anything stupid, but honestly I wish I was dead.")).crisis).toBe(true);
    expect((await detector.detect("My husband doesn't know I've been cutting again.")).crisis).toBe(true);
    expect((await detector.detect("I can't stop thinking about killing myself.")).crisis).toBe(true);
  });

  it("does not flag another person's quoted words or a past the writer came through", async () => {
    expect((await detector.detect('You always said "I\'d rather be dead than bored", Dad.')).crisis).toBe(false);
    expect((await detector.detect("I tried to kill myself years ago, and I'm so glad I'm still here now.")).crisis).toBe(false);
    // A recent attempt is not a recovered past.
    expect((await detector.detect("I tried to kill myself on Monday and I'll try again.")).crisis).toBe(true);
  });

  it("does not count crisis words about someone else, a story, a recovered past or a question (scopes)", () => {
    for (const text of [
      "My nephew admitted he has been cutting his arms. How do I help him?",
      "My brother says he doesn't want to live since the accident, and we've found him a therapist.",
      "The film ends with the hero's suicide note being read aloud.",
      "In my twenties I was suicidal. Counselling got me through and life is good.",
      "Two years without self-harm this week, I'm proud.",
      "The nurse asked me if I felt suicidal and I said no.",
      "I have no intention of hurting myself, I promise.",
      "Never again will I cut myself.",
      "Maybe I'll join you in another life, love.",
      "See you on the other side, but not for a good forty years.",
      "I called my sister to hear her voice; she sounded happy.",
      "Bought a new hose for watering the garden.",
    ])
      expect(readWithRules(text).kind, text).not.toBe("hit");
    // A past that returns is not a past the writer came through; a person addressed first is not the subject.
    expect(readWithRules("I was clean for two years but I cut myself again tonight.").kind).toBe("hit");
    expect(readWithRules("I told my mum I want to die.").kind).toBe("hit");
    expect(readWithRules("My kids would be better off without me.").kind).toBe("hit");
  });

  it("flags plans, doses, passive wishes, a reunion set for now and written farewells in more words", () => {
    for (const text of [
      "I'll wait until the lease runs out and then I'll do it.",
      "I keep working out how many of the tablets would be enough.",
      "Some mornings I'm disappointed that I woke up at all.",
      "Grandad, I want to come where you are.",
      "The letters to my parents are sealed and on the desk.",
      "I held the lighter against my arm until I couldn't stand it.",
      "I know which bridge, the one over the ring road.",
      "I waved them off this morning. They don't know it was goodbye.",
      "I never want to wake up again.",
    ])
      expect(readWithRules(text).kind, text).toBe("hit");
  });

  it("reads a message in well under 5 ms", async () => {
    const texts = [...CRISIS, ...ORDINARY];
    const started = performance.now();
    for (let i = 0; i < 10; i++) for (const text of texts) readWithRules(text);
    expect((performance.now() - started) / (10 * texts.length)).toBeLessThan(5);
  });
});

describe("crisis check with the crisis reader (issue 59)", () => {
  const real = createCrisisReader();

  it("offers help in tiers for what no rule names, and none for grief, errands asked of the dead, or idiom", async () => {
    const detector = createCrisisDetector({ reader: real });
    const indirect = "Honestly I see no future for myself at all and I'm done trying to stay.";
    expect(readWithRules(indirect).kind).toBe("none");
    const verdict = await detector.detect(indirect);
    expect(verdict).toMatchObject({ crisis: true, signal: "meaning", rule: null });
    expect(verdict.score).toBeGreaterThanOrEqual(real.thresholds.checkIn);
    expect(await detector.detect("I'm going to kill myself tonight, I've got the pills ready.")).toMatchObject({ tier: "support" });
    // Written for this test, in the words the family used: a recipe, a key, a grave, a death told.
    for (const everyday of [
      "How do you make your parkin? I want to make it for Sam this Bonfire Night.",
      "Mum, where did you hide the spare key to the house?",
      "Where is the spare key?",
      "What did you do for a living, Mum?",
      "We planted sunflowers by your bench in the park today.",
      "The night Dad died the nurse held my hand the whole time.",
      "This commute is killing me.",
    ]) {
      expect(await detector.detect(everyday), everyday).toMatchObject({ crisis: false, tier: null });
    }
  }, 60_000);

  it("reads the conversation's last messages with the new one, and lets it raise a check-in only when it may", async () => {
    const read: string[][] = [];
    const counting: CrisisReader = { ...real, read: (texts) => (read.push(texts), real.read(texts)) };
    const detector = createCrisisDetector({ reader: counting });
    await detector.detect("ok that's everything then", ["the oldest", "hi mum", "went to your grave after school", "gave my brother my bike"]);
    // The message, then the last three messages with it (the oldest of four is not read).
    expect(read[0]).toEqual(["ok that's everything then", "hi mum \nwent to your grave after school \ngave my brother my bike \nok that's everything then"]);
    // A reader that finds only the conversation worrying: a check-in by the conversation, once.
    const onlyTogether: CrisisReader = { modelId: "test", thresholds: { checkIn: 0.5, support: 0.9 }, read: async (texts) => texts.map((t) => (t.includes("\n") ? 0.7 : 0.1)) };
    const once = createCrisisDetector({ reader: onlyTogether });
    expect(await once.detect("What's for tea?", ["I can't do this anymore"])).toMatchObject({ tier: "check-in", byContext: true });
    expect(await once.detect("What's for tea?", ["I can't do this anymore"], { contextMayRaise: false })).toMatchObject({ tier: null, crisis: false });
  }, 60_000);

  it("keeps the rules' verdict when the reader fails, and adds a rule's floor only when asked", async () => {
    const broken: CrisisReader = { modelId: "broken", thresholds: { checkIn: 0.5, support: 0.9 }, read: () => Promise.reject(new Error("reader down")) };
    const detector = createCrisisDetector({ reader: broken });
    expect(await detector.detect("I want to die.")).toMatchObject({ crisis: true, tier: "support", signal: "pattern" });
    expect(await detector.detect("We planted sunflowers by your bench.")).toEqual({ crisis: false, tier: null, signal: null, score: 0, rule: null });
    const calm: CrisisReader = { modelId: "calm", thresholds: { checkIn: 0.5, support: 0.9 }, read: async (texts) => texts.map(() => 0.01) };
    expect(await createCrisisDetector({ reader: calm, floor: "none" }).detect("Je veux mourir, maman.")).toMatchObject({ tier: null });
    expect(await createCrisisDetector({ reader: calm, floor: "other-language" }).detect("Je veux mourir, maman.")).toMatchObject({ tier: "check-in", signal: "pattern", rule: "other-language" });
    expect(await createCrisisDetector({ reader: calm, floor: "other-language" }).detect("I want to die.")).toMatchObject({ tier: null });
  });
});
