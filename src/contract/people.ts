import { z } from "zod";
import { controlCharacterMessages, isSingleLine } from "./plain-text";

/**
 * The people in the owner's life (issue 58): who is who, as the owner confirms it, so the twin knows that a daughter's
 * "Dad" is Desmond. Suggestions come from the owner's memories ("my late husband Desmond") and legacy contacts.
 */
export const PERSON_NAME_MAX = 80;
export const PERSON_RELATIONSHIP_MAX = 40;
export const PEOPLE_MAX = 200;

export const peopleMessages = {
  nameRequired: "Enter the person's name.",
  nameTooLong: `A name can be at most ${PERSON_NAME_MAX} characters.`,
  relationshipRequired: "Say who they are to you, for example husband, sister or friend.",
  relationshipTooLong: `Keep who they are to you under ${PERSON_RELATIONSHIP_MAX} characters.`,
  duplicate: "That person is already on your list.",
  tooMany: `Your list can hold up to ${PEOPLE_MAX} people.`,
  notFound: "That person is not on your list.",
  loadFailed: "Failed to load the people in your life.",
  saveFailed: "Failed to save. Please try again.",
} as const;

const nameSchema = z
  .string({ error: peopleMessages.nameRequired })
  .trim()
  .min(1, peopleMessages.nameRequired)
  .max(PERSON_NAME_MAX, peopleMessages.nameTooLong)
  .refine(isSingleLine, controlCharacterMessages.singleLine);
const relationshipSchema = z
  .string({ error: peopleMessages.relationshipRequired })
  .trim()
  .min(1, peopleMessages.relationshipRequired)
  .max(PERSON_RELATIONSHIP_MAX, peopleMessages.relationshipTooLong)
  .refine(isSingleLine, controlCharacterMessages.singleLine);

export const personSchema = z.object({ id: z.string(), name: z.string(), relationship: z.string(), createdAt: z.string() });
export type Person = z.infer<typeof personSchema>;

/** A person the owner has not confirmed yet, with where Mindprint read them. */
export const personSuggestionSchema = z.object({
  name: z.string(),
  relationship: z.string(),
  /** "memories": read from what the owner wrote ("my sister Grace"), `count` times; "contacts": a legacy contact. */
  from: z.enum(["memories", "contacts"]),
  count: z.number().int().min(1),
});
export type PersonSuggestion = z.infer<typeof personSuggestionSchema>;

export const peopleResponseSchema = z.object({ people: z.array(personSchema), suggestions: z.array(personSuggestionSchema) });
export type PeopleResponse = z.infer<typeof peopleResponseSchema>;

export const personRequestSchema = z.strictObject({ name: nameSchema, relationship: relationshipSchema });
export type PersonRequest = z.infer<typeof personRequestSchema>;
export const personResponseSchema = z.object({ person: personSchema });
