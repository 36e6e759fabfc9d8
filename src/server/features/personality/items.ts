import packagedQuestions from "@bigfive-org/questions/data/en/questions.json" with { type: "json" };
import { bigFiveDomains, PERSONALITY_ITEM_COUNT, type BigFiveDomain } from "../../../contract";

/** One statement of the IPIP-NEO-120, numbered 1–120 in the inventory's own order. */
export interface PersonalityItem {
  number: number;
  text: string;
  domain: BigFiveDomain;
  /** 1–6 within the domain. */
  facet: number;
  /** Reverse-keyed ("minus") items are scored 6 − answer. */
  reverse: boolean;
}

interface PackagedQuestion {
  text: string;
  keyed: "plus" | "minus";
  domain: string;
  facet: number;
}

// The public-domain English items and their keys, as `@bigfive-org/questions` (MIT) packages them with IPIP ids.
const packaged = packagedQuestions as PackagedQuestion[];

export const PERSONALITY_ITEMS: readonly PersonalityItem[] = packaged.map((q, i) => {
  if (!(bigFiveDomains as readonly string[]).includes(q.domain) || q.facet < 1 || q.facet > 6) throw new Error(`unexpected IPIP-NEO item ${i + 1}`);
  return { number: i + 1, text: q.text, domain: q.domain as BigFiveDomain, facet: q.facet, reverse: q.keyed === "minus" };
});
if (PERSONALITY_ITEMS.length !== PERSONALITY_ITEM_COUNT) throw new Error(`the IPIP-NEO-120 package holds ${PERSONALITY_ITEMS.length} items`);
