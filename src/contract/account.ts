import { z } from "zod";
import { messages } from "./messages";

/** DELETE /api/account: the person types DELETE, so that the account is never deleted by a slip. */
export const deleteAccountSchema = z.strictObject({
  confirmation: z.literal("DELETE", { error: messages.deleteConfirmation }),
});
