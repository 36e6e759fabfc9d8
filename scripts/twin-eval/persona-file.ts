import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { emotionValues, memoryCategoryValues } from "../../src/contract/memory-options";
import { intentValues, legacyPreferenceValues } from "../../src/contract/profile";

/** The evaluation persona format (`mindprint-twin-eval/1`): a person's material and questions with expected sources. */
export const personaFileSchema = z.object({
  format: z.literal("mindprint-twin-eval/1"),
  persona: z
    .object({
      first_name: z.string().nullable().optional(),
      birthday: z.string().nullable().optional(),
      legacy_preference: z.enum(legacyPreferenceValues).nullable().optional(),
      user_intents: z.array(z.enum(intentValues)).optional(),
    })
    .optional(),
  memories: z.array(
    z.object({
      id: z.string(),
      content: z.string().min(1),
      emotion: z.enum(emotionValues).default("Reflection"),
      category: z.enum(memoryCategoryValues).default("personal"),
      tags: z.union([z.string(), z.array(z.string())]).default(""),
      emotional_intensity: z.number().int().min(1).max(10).optional(),
      // When it happened ("1998", "1998-06", "1998-06-14"), for personas that give it.
      happened_on: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/).optional(),
    }),
  ),
  calibration: z.array(z.object({ id: z.string(), statement: z.string().min(1), response: z.string().min(1) })).default([]),
  questions: z.array(
    z.object({
      q: z.string().min(1),
      expect: z.array(z.string()),
      // What kind of question it is ("near-miss", "off-topic", "yes-no", …), for per-kind figures; optional.
      kind: z.string().optional(),
      // Who asks: the asker's relationship to the person ("daughter", "grandson"); absent means the person themself.
      asker: z.string().optional(),
    }),
  ),
});
export type PersonaFile = z.infer<typeof personaFileSchema>;

export function readPersonaFile(file: string): PersonaFile {
  const parsed = personaFileSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file} is not a twin evaluation file: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

/** The persona files named: a file as given, a folder as its persona-*.json files in name order. */
export const personaFiles = (paths: string[]): string[] =>
  paths.flatMap((p) =>
    fs.statSync(p).isDirectory()
      ? fs
          .readdirSync(p)
          .filter((f) => /^persona-.*\.json$/.test(f))
          .sort()
          .map((f) => path.join(p, f))
      : [p],
  );
