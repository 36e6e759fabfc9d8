import type { LanguageModelV4Prompt } from "@ai-sdk/provider";

/** The plain text of a prompt by role: the system instruction, and the text of every user message in order. */
export function promptText(prompt: LanguageModelV4Prompt): { system: string; user: string[]; all: string } {
  const system: string[] = [];
  const user: string[] = [];
  const all: string[] = [];
  for (const message of prompt) {
    if (message.role === "system") {
      system.push(message.content);
      all.push(message.content);
      continue;
    }
    if (message.role === "tool") continue;
    const text = message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
    if (message.role === "user") user.push(text);
    all.push(text);
  }
  return { system: system.join("\n"), user, all: all.join("\n") };
}
