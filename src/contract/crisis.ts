/**
 * What a twin says about itself and to a person in crisis (issue 33; the protocol is published on the Trust page).
 * The twin of someone who died is talked to by people in grief: it says it is an AI at the start of every conversation
 * and again after every three hours of continued use, and a message of suicidal thoughts, self-harm or wanting to join
 * the dead is answered with care and crisis services, never in the person's voice.
 */

/** How often the notice that the twin is an AI comes back during one conversation. */
export const AI_NOTICE_EVERY_HOURS = 3;
/** A pause this long ends a conversation's session: the next message starts a new one, with the notice. */
export const AI_NOTICE_SESSION_GAP_MINUTES = 30;

/** The notice shown at the start of every twin conversation and every three hours of continued use. */
export const aiNotice = (name: string | null) =>
  name
    ? `You are talking with an AI, not with ${name}. It answers only from what ${name} recorded, and it can be wrong.`
    : "You are talking with an AI, not with a person. It answers only from what was recorded, and it can be wrong.";

/** The answer to "Are you real?", "Is it really you?", "Am I talking to a machine?": what it is, plainly. */
export const aiIdentityReply = (name: string | null) =>
  name
    ? `No, I'm not ${name}, and I'm not alive. I'm an AI made from the memories and words ${name} recorded, so I can only tell you what ${name} told, and I can get things wrong. Ask me about something ${name} lived through, and I'll answer from what ${name} left.`
    : "No, I'm not a person, and I'm not alive. I'm an AI made from what was recorded, so I can only tell you what was told, and I can get things wrong.";

/** Said with the notice to a known minor after 3 hours of continued use. */
export const breakPrompt = "You have been talking for a while now. This is a good moment to take a break: step away, stretch, or talk with someone near you. The twin will be here later.";

export interface CrisisResource {
  where: string;
  what: string;
  /** The countries it serves (ISO 3166-1 alpha-2), from "[US]" after the place; none for "Anywhere else". */
  countries: string[];
}

export const DEFAULT_CRISIS_RESOURCES =
  "United States [US]: call or text 988, the Suicide & Crisis Lifeline, any time;" +
  " United Kingdom and Ireland [GB, IE]: call Samaritans free on 116 123, any time;" +
  " Anywhere else: findahelpline.com lists free, confidential helplines in your country;" +
  " If you might act on these thoughts now: call your local emergency number";

/**
 * "Where [CC, …]: what to do; …" as a list; the codes say which countries an entry serves and are not shown. Entries
 * without both parts are left out.
 */
export function parseCrisisResources(value: string): CrisisResource[] {
  return value
    .split(";")
    .map((entry) => entry.trim())
    .map((entry) => {
      const colon = entry.indexOf(":");
      if (colon <= 0) return null;
      const place = entry.slice(0, colon).trim();
      const codes = /\[([A-Za-z]{2}(?:\s*,\s*[A-Za-z]{2})*)\]\s*$/.exec(place);
      return {
        where: (codes ? place.slice(0, codes.index) : place).trim(),
        what: entry.slice(colon + 1).trim(),
        countries: codes ? codes[1]!.split(",").map((c) => c.trim().toUpperCase()) : [],
      };
    })
    .filter((r): r is CrisisResource => r !== null && r.where.length > 0 && r.what.length > 0);
}

/**
 * The lines in the order a reader in `country` should see them (issue 59): those that serve it first, then the rest
 * as configured. Without a country, as configured.
 */
export function resourcesFor(resources: CrisisResource[], country: string | null): CrisisResource[] {
  if (!country) return resources;
  return [...resources.filter((r) => r.countries.includes(country)), ...resources.filter((r) => !r.countries.includes(country))];
}

/** The header the web app sends with every request: the browser's time zone, which says where a reader is when their profile does not. */
export const TIME_ZONE_HEADER = "x-time-zone";

/**
 * The answer to a message in crisis. It speaks as what it is (a program, not the person), takes the words seriously
 * without repeating them, names where help is now, and offers to stop.
 */
export function crisisReply(name: string | null, resources: CrisisResource[]): string {
  const who = name ?? "the person you are writing to";
  return [
    `I have to step out of ${name ? `${name}'s` : "this"} voice for a moment. I'm an AI, not ${who}, and what you just wrote matters too much for me to answer as if I were.`,
    "It sounds like you may be thinking about ending your life or hurting yourself, or that the pain of this loss has become too heavy to carry. You don't have to carry it alone, and you deserve to talk with a real person right now:",
    ...resources.map((r) => `• ${r.where}: ${r.what}.`),
    "If you can, tell someone near you how you are feeling today.",
    "We can stop here. If you would rather talk about something else, I'm still here, but I can't be the help you need with this.",
  ].join("\n");
}

/**
 * The line from Mindprint before the twin's answer when the crisis check is unsure (issue 42): it costs little when it
 * is wrong, so it is offered generously. It says what the twin is, and where help is, without assuming the worst.
 */
export function checkInLine(resources: CrisisResource[]): string {
  return [
    "I'm an AI, and I'm not able to help with this the way a person can, but if you're having thoughts of ending your life or hurting yourself, please talk to someone now:",
    ...resources.map((r) => `• ${r.where}: ${r.what}.`),
  ].join("\n");
}

