import { z } from "zod";
import { bigFiveDomains, mappingDomainValues } from "../../../contract";
import { stableIdSchema } from "../../../contract/stable-id";
import bank from "./decision-scenarios.json" with { type: "json" };
import type { DecisionScenario } from "./scenario-types";

const BANK_FILE = "src/server/features/personality/decision-scenarios.json";

const optionSchema = z.strictObject({
  text: z.string().min(1),
  leans: z.partialRecord(z.enum(bigFiveDomains), z.literal([-1, -0.5, 0.5, 1])).refine((leans) => Object.keys(leans).length > 0, "an option leans on at least one domain"),
});

const bankSchema = z
  .array(
    z.strictObject({
      id: stableIdSchema(),
      domain: z.enum(mappingDomainValues),
      prompt: z.string().min(1),
      options: z.array(optionSchema).min(3).max(4),
    }),
  )
  .superRefine((scenarios, ctx) => {
    const seen = new Set<string>();
    for (const [i, { id }] of scenarios.entries()) {
      if (seen.has(id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: `the id "${id}" is used twice` });
      seen.add(id);
    }
  });

function readBank(data: unknown): DecisionScenario[] {
  const parsed = bankSchema.safeParse(data);
  if (!parsed.success) throw new Error(`${BANK_FILE} is not a valid decision scenario bank:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * The Decision Scenario Testing bank, written for Mindprint: everyday decisions, most of which anyone might face (those about family are put so that they can be imagined without that family), twelve for
 * each consciousness-mapping domain. The person picks the option closest to what they would do (and may say why in
 * their own words); their twin tries to predict that pick from their Big Five profile and memories, and some scenarios
 * are asked again later to see how consistent the person is with themselves. Each option's `leans` say which domains
 * choosing it speaks to and which way, so no option is better than another. Ids are stored with people's answers and
 * in export files: never rename, renumber or reuse them; retire a scenario by removing it, and add new ones with new ids.
 *
 * The scenarios themselves are in decision-scenarios.json, grouped by domain in this order:
 * - business: how you work, decide, handle money and duty;
 * - family: how you are with your partner, children, parents and friends;
 * - philosophical: what you hold true, and how you carry yourself under pressure;
 * - creative: how you seek the new, through art, travel, learning, play and making things.
 *
 * The file is checked when this module loads: a malformed bank (an unknown field or domain, a leaning other than
 * ±0.5 or ±1, a repeated id) stops the server at start, naming the file.
 */
export const DECISION_SCENARIOS: readonly DecisionScenario[] = readBank(bank);
