import { z } from "zod";

/**
 * The id of an entry of one of our content banks (a capture question, a decision scenario): kebab-case, at most 80
 * characters, as the migrations' CHECK constraints also require. Stored with people's answers, so never reused.
 */
export const stableIdSchema = (message?: string) =>
  z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, message)
    .max(80, message);
