import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { parseContextBlock } from "./context-block";
import { composeLocalReflection } from "./local-reflection";
import { promptText } from "./prompt-text";
import { REFLECTION_CONTEXT_TYPE } from "./reflection-prompt";
import { reflectionContextSchema } from "./reflection-input";
import { composeTwinAnswer } from "./local-twin";
import { twinContextSchema } from "./twin-input";
import { TWIN_CONTEXT_TYPE } from "./twin-prompt";

/** What the local model says when the prompt carries nothing of the person's: it never invents material. */
export const NO_MATERIAL_ANSWER =
  "I can only work from material you have recorded in Mindprint: your calibration answers, your memories and your voice sessions. " +
  "This request did not include any of that, so I have nothing of yours to go on, and I would rather say so than make something up.";

// Newest user message first: in a conversation the latest context block is the one that answers this turn.
function findContext(prompt: LanguageModelV4Prompt) {
  const { user } = promptText(prompt);
  for (const text of [...user].reverse()) {
    const block = parseContextBlock(text);
    if (block) return block;
  }
  return null;
}

/** The local model's whole answer to a prompt: a composition from a recognised context block, or the honest refusal. */
export function composeLocalAnswer(prompt: LanguageModelV4Prompt): string {
  const block = findContext(prompt);
  if (block?.type === REFLECTION_CONTEXT_TYPE) {
    const parsed = reflectionContextSchema.safeParse(block.data);
    if (parsed.success) {
      const { summary, traits } = composeLocalReflection(parsed.data);
      // Same structured tail the system prompt asks a real LLM for, so one parser serves every provider.
      return traits.length > 0 ? `${summary}\n\nTraits: ${traits.join(", ")}` : summary;
    }
  }
  if (block?.type === TWIN_CONTEXT_TYPE) {
    const parsed = twinContextSchema.safeParse(block.data);
    if (parsed.success) return composeTwinAnswer(parsed.data);
  }
  return NO_MATERIAL_ANSWER;
}
