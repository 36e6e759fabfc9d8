import { z } from "zod";
import { mappingDomainValues, memoryCategoryValues, type MappingDomain, type MemoryCategory } from "../../../contract";
import { stableIdSchema } from "../../../contract/stable-id";
import bank from "./capture-prompts.json" with { type: "json" };

const BANK_FILE = "src/server/features/capture/capture-prompts.json";

/** One question of a capture session. */
export interface CapturePrompt {
  /** Stable id stored with recordings and memories: never renamed, renumbered or reused. */
  id: string;
  /** The consciousness-mapping domain the answer fills. */
  domain: MappingDomain;
  /** The memory category an answer is saved under (one of the domain's two). */
  category: MemoryCategory;
  /** The question, in the second person. */
  text: string;
}

const promptSchema = z.strictObject({
  id: stableIdSchema(),
  domain: z.enum(mappingDomainValues),
  category: z.enum(memoryCategoryValues),
  text: z.string().min(1),
});

const bankSchema = z
  .strictObject({ opening: promptSchema, prompts: z.array(promptSchema) })
  .superRefine(({ opening, prompts }, ctx) => {
    const seen = new Set([opening.id]);
    for (const [i, { id }] of prompts.entries()) {
      if (seen.has(id)) ctx.addIssue({ code: "custom", path: ["prompts", i, "id"], message: `the id "${id}" is used twice` });
      seen.add(id);
    }
  });

function readBank(data: unknown): { opening: CapturePrompt; prompts: CapturePrompt[] } {
  const parsed = bankSchema.safeParse(data);
  if (!parsed.success) throw new Error(`${BANK_FILE} is not a valid capture prompt bank:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/*
 * The prompts themselves are in capture-prompts.json: `opening` is OPENING_PROMPT, `prompts` the rest of the bank in
 * order, grouped by domain:
 * - business: work, money, decisions, duty, what you built, failures, mentors;
 * - family: parents, children, partners, friends, home, traditions, reconciliation;
 * - philosophical: values, beliefs, lessons, regrets, advice to a younger self, time, courage, what matters;
 * - creative: making things, music, books, places, adventures, play, curiosity.
 * The file is checked when this module loads: a malformed bank (an unknown field, domain or category, a repeated id)
 * stops the server at start, naming the file.
 */
const { opening, prompts } = readBank(bank);

/**
 * The spec's fixed prompt about a critical business decision: the first question of every Consciousness Capture
 * session, chosen because the answer shows how the person weighs stakes and decides, not only what happened.
 */
export const OPENING_PROMPT: CapturePrompt = opening;

/**
 * The Consciousness Capture prompt bank, written for Mindprint: questions an adult anywhere can answer aloud in a few
 * minutes, sixteen for each consciousness-mapping domain (eight per memory category), the opening prompt first. They ask
 * for a particular moment, person, place or reason, so the answers keep the person's stories, voice and way of
 * thinking, and they assume no family situation, faith, job, wealth or country. Ids are stored with recordings and
 * memories: never rename, renumber or reuse them; retire a prompt by removing it, and add new ones with new ids.
 */
export const CAPTURE_PROMPTS: readonly CapturePrompt[] = [OPENING_PROMPT, ...prompts];
