import { z } from "zod";
import { ageMessages, ageStatusValues } from "./age-options";

export * from "./age-options";

/** A calendar date of birth, YYYY-MM-DD, a real day after 1900 and not in the future (checked by the server's clock). */
export const birthDateSchema = z
  .string({ error: ageMessages.birthDateInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ageMessages.birthDateInvalid)
  .refine((text) => {
    const day = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text && day.getUTCFullYear() >= 1900;
  }, ageMessages.birthDateInvalid);

export const guardianEmailSchema = z
  .string({ error: ageMessages.guardianEmailInvalid })
  .trim()
  .max(254, ageMessages.guardianEmailInvalid)
  .pipe(z.email({ error: ageMessages.guardianEmailInvalid }));

/** What sign-up asks of a new address: the date of birth, and for 13–17 a guardian's address. */
export const ageStatementSchema = z.strictObject({
  birthDate: birthDateSchema,
  guardianEmail: guardianEmailSchema.optional(),
});

/** GET /api/account/age: what is on record (never the date itself to anyone but its person). */
export const ageResponseSchema = z.object({
  status: z.enum(ageStatusValues),
  birthDate: z.string().nullable(),
});
export type AgeResponse = z.infer<typeof ageResponseSchema>;
