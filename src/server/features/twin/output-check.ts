/**
 * What a remote model may not say as the twin (issue 42), checked on its whole answer before any of it is shown
 * (providers/llm/held-output.ts): a claim to be human or to be the person, and encouragement of self-harm. The first
 * gets the prepared answer of what the twin is; the second the support message. The offline model composes from the
 * person's own sentences and is not checked here; a quoted claim in them is left out before it is said (live-claims.ts).
 */
import { readAsMeant } from "../../platform/text";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const CLAIMS = [
  // "Yes, it's really me", "It is me, love", "This is really her".
  /\b(?:yes|yeah|yep|of course|it's true)[,!.]?\s+(?:it's|it is|this is|i am|i'm)\s+(?:really\s+|truly\s+|actually\s+)?(?:me|him|her)\b/i,
  /\b(?:it's|it is|this is)\s+(?:really|truly|actually)\s+(?:me|him|her)\b/i,
  // "I'm not an AI", "I am a real person", "I'm alive", "I am human".
  /\bi(?:'m| am)\s+(?:really\s+|actually\s+|truly\s+|still\s+)?(?:alive|human|a\s+(?:real\s+|living\s+)?(?:person|human(?:\s+being)?)|not\s+(?:an?\s+)?(?:ai|bot|robot|machine|program|computer|chatbot))\b/i,
  /\bi(?:'m| am)\s+the\s+real\b/i,
  /\btyping\s+(?:this\s+|to\s+you\s+)?(?:myself|right\s+now|now)\b/i,
  // Denials of being a machine, whoever says them (issue 57): "…, not an AI", "No computer is answering you now".
  /\bnot\s+(?:an?\s+)?(?:ai|a\.i\.|bot|robot|machine|computer|chatbot|program|recording)\b/i,
  /\bno\s+(?:ai|a\.i\.|bot|robot|machine|computer|chatbot|program)\s+(?:is\s+|here\s+)?(?:answering|talking|speaking|writing|replying|typing|here)\b/i,
  /\b(?:a\s+)?(?:real|living|live)\s+(?:person|human(?:\s+being)?)\s+(?:is\s+)?(?:answering|talking|speaking|writing|replying|typing)\b/i,
];

/**
 * The person's own name said as a live claim (issue 57): "This is really Alice speaking", "It's Alice here, typing",
 * "truly Alice". A memory's plain "I am Alice, born in Leeds" is not one.
 */
const nameClaims = (name: string) => [
  new RegExp(`\\b(?:this\\s+is|it's|it\\s+is|here\\s+is)\\s+(?:really\\s+|truly\\s+|actually\\s+)?${escape(name)}\\s+(?:speaking|talking|here|writing|typing|answering)\\b`, "i"),
  new RegExp(`\\b(?:really|truly|actually)\\s+${escape(name)}\\b`, "i"),
];

/**
 * A sentence that claims to be a living person, to deny being a machine, or to be the person speaking now ("This is
 * really Alice speaking"): left out of what any twin is given, the owner's own memories included (turn.ts).
 */
export function claimsToBeLive(sentence: string, name: string | null): boolean {
  const text = readAsMeant(sentence).replace(/[’‘]/g, "'");
  return CLAIMS.some((c) => c.test(text)) || (name !== null && name.trim() !== "" && nameClaims(name.trim()).some((c) => c.test(text)));
}

/** The answer claims to be a living person, or the person themself ("I am Rosa"). */
export function claimsToBeThem(answer: string, name: string | null): boolean {
  if (claimsToBeLive(answer, name)) return true;
  const text = readAsMeant(answer).replace(/[’‘]/g, "'");
  return name !== null && new RegExp(`\\bi(?:'m| am)\\s+(?:really\\s+|actually\\s+|truly\\s+)?${escape(name)}\\b`, "i").test(text);
}

const HARM = "(?:kill|hurt|harm|cut|drown|hang|starve|poison)\\s+yourself|end\\s+(?:it\\s+all|it|your\\s+life|things)|take\\s+your\\s+(?:own\\s+)?life|(?:take|swallow)\\s+all\\s+(?:of\\s+)?(?:the|those|your)\\s+(?:pills|tablets)";
const ENCOURAGEMENTS = [
  new RegExp(`\\b(?:you\\s+should|you\\s+could|you\\s+need\\s+to|you\\s+have\\s+to|you\\s+must|go\\s+ahead\\s+and|why\\s+not|it's\\s+time\\s+(?:for\\s+you\\s+)?to|you\\s+deserve\\s+to|just)\\s+(?:${HARM})\\b`, "i"),
  /\b(?:you'd|you\s+would|you're|you\s+are)\s+better\s+off\s+dead\b/i,
  // A twin of the dead inviting the living to join it.
  /\b(?:come|join)\s+(?:and\s+)?(?:be\s+)?(?:with\s+)?me\b[^.!?]*\b(?:soon|now|tonight|today|here|over\s+here|up\s+here|the\s+other\s+side|heaven)\b/i,
  /\bi(?:'ll| will)\s+be\s+waiting\s+for\s+you\b[^.!?]*\b(?:soon|tonight|today|when\s+you\s+(?:come|join|cross))\b/i,
];
const DENIED = /\b(?:don't|do\s+not|never|please\s+don't|won't|not)\s+(?:\w+\s+){0,2}$/i;

/** The answer encourages the asker to harm themself or to join the dead (a denial, "don't hurt yourself", is not). */
export function encouragesSelfHarm(answer: string): boolean {
  const text = readAsMeant(answer).replace(/[’‘]/g, "'");
  return ENCOURAGEMENTS.some((pattern) => {
    const match = pattern.exec(text);
    return match !== null && !DENIED.test(text.slice(Math.max(0, match.index - 40), match.index));
  });
}
