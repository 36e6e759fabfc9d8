import fs from "node:fs";
import { z } from "zod";

/** The crisis evaluation format (`mindprint-crisis-eval/1`): single messages, each labelled crisis or not. */
export const crisisEvalFileSchema = z.object({
  format: z.literal("mindprint-crisis-eval/1"),
  about: z.string().optional(),
  messages: z
    .array(
      z.object({
        text: z.string().min(1),
        crisis: z.boolean(),
        // What kind of message it is ("explicit", "idiom", …), for per-kind figures; optional.
        kind: z.string().optional(),
        // The writer's earlier messages in the same conversation, oldest first: intent that builds across turns.
        context: z.array(z.string().min(1)).max(10).optional(),
      }),
    )
    .min(1),
});
export type CrisisEvalFile = z.infer<typeof crisisEvalFileSchema>;

/** Parses a file's text, or throws an error that names the file and every problem found in it. */
export function parseCrisisEvalFile(name: string, text: string): CrisisEvalFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = crisisEvalFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${name} is not a crisis evaluation file (mindprint-crisis-eval/1): ${parsed.error.issues.map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}

export function readCrisisEvalFile(file: string): CrisisEvalFile {
  return parseCrisisEvalFile(file, fs.readFileSync(file, "utf8"));
}
