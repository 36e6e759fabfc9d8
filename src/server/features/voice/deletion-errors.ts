import { voiceCloneMessages } from "../../../contract";
import { AppError } from "../../platform/errors";
import { pgErrorCode } from "../../platform/pg-error-code";

/**
 * The spec's deletion messages for failures below our own rules: the database unreachable (connection errors,
 * class 08 and 57P, or a refused socket) and a permission refusal (42501, e.g. a row-level-security check).
 */
export function asDeletionError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const pgCode = pgErrorCode(error);
  if (pgCode === "42501") return new AppError("access_denied", voiceCloneMessages.deletePermission);
  if (pgCode.startsWith("08") || pgCode.startsWith("57P") || pgCode === "ECONNREFUSED" || pgCode === "ECONNRESET") {
    return new AppError("database_unavailable", voiceCloneMessages.deleteDbFailed);
  }
  return error;
}
