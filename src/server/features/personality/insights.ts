import type { BigFiveDomain, MappingDomain, TraitLevel } from "../../../contract";

/**
 * What each level of each domain means, in plain words, written for Mindprint: what the score says about how this
 * person tends to meet the world, and what it does not say. A percentile compares them with others of their group;
 * none of these is better or worse.
 */
export const DOMAIN_INSIGHTS: Record<BigFiveDomain, Record<TraitLevel, string>> = {
  O: {
    low: "You prefer the familiar and the proven. New ideas have to earn their place with you, and you trust what has worked before; people can count on you not to chase every novelty.",
    average: "You are open to new ideas and experiences when they seem worth it, and content with routine when it serves you. You weigh the new against the known rather than choosing one by habit.",
    high: "You are drawn to new ideas, art, feelings and places. You enjoy thinking in possibilities and questioning how things are usually done; routine can feel confining to you.",
  },
  C: {
    low: "You take things as they come rather than by plan. You are flexible and can change course easily, though deadlines, order and follow-through may take more effort for you than for most.",
    average: "You plan when it matters and let things be when it does not. You can be organised and persistent, and you also allow yourself room for spontaneity.",
    high: "You are organised, dependable and persistent. You like to plan, keep your word and finish what you start, and you tend to think before you act; others rely on you to get things done.",
  },
  E: {
    low: "You are reserved and draw your energy from quieter settings and a few close people. You tend to listen before you speak, and you do not need excitement or company to feel well.",
    average: "You enjoy company and lively moments, and you also value time on your own. You can take the lead or step back, depending on what the moment asks.",
    high: "You draw energy from people and activity. You speak up readily, enjoy being with others and seek out excitement; quiet stretches can leave you restless.",
  },
  A: {
    low: "You are direct and sceptical, and you put your own judgement first. You are ready to disagree and compete when you think it is right, and you are not easily swayed by appeals to feeling.",
    average: "You are generally warm and cooperative, and you can also be firm when your interests or principles are at stake. You trust people, though not blindly.",
    high: "You are warm, trusting and considerate. You look for the good in people, put others' needs close to your own and prefer agreement to conflict, sometimes at your own cost.",
  },
  N: {
    low: "You stay calm and steady under pressure. Setbacks tend to pass through you without lingering, and you rarely feel anxious or low for long.",
    average: "You feel worry, frustration and sadness about as often as most people, and you usually find your balance again after a difficult stretch.",
    high: "You feel things strongly, and worry, anger or sadness can come quickly and stay a while. You notice risks others miss, and stress weighs on you more than on most.",
  },
};

/**
 * Which consciousness-mapping domain each facet tells us about (docs/formulas.md): how a person works and decides
 * (business), how they are with others (family), what they hold true and how they carry themselves (philosophical),
 * and how they seek the new (creative). Every facet belongs to exactly one.
 */
export const FACET_MAPPING: Record<BigFiveDomain, readonly MappingDomain[]> = {
  N: ["philosophical", "family", "philosophical", "philosophical", "creative", "philosophical"],
  E: ["family", "family", "business", "business", "creative", "family"],
  O: ["creative", "creative", "creative", "creative", "philosophical", "philosophical"],
  A: ["family", "philosophical", "family", "family", "philosophical", "family"],
  C: ["business", "business", "business", "business", "business", "business"],
};
