// Logs carry codes and ids, never what a person wrote (SECURITY.md 26). A failed query's error repeats its SQL and
// its parameters (a memory's text, a prompt, a name) in its message, and PostgreSQL's own messages and details can
// quote values ("invalid input syntax for type uuid: …"); none of that may reach a log line.

interface ErrorShape {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  routine?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  statusCode?: unknown;
  cause?: unknown;
  stack?: unknown;
}

const isDatabaseError = (e: ErrorShape) =>
  (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && ("routine" in e || "severity" in e)) ||
  (typeof e.message === "string" && e.message.startsWith("Failed query"));

/** What may be logged of an error: its kind, codes and where it came from; for database errors no message at all. */
export function safeErrorForLog(error: unknown, depth = 0): Record<string, unknown> {
  if (!error || typeof error !== "object") return { type: typeof error };
  const e = error as ErrorShape;
  const database = isDatabaseError(e);
  const entry: Record<string, unknown> = { type: typeof e.name === "string" ? e.name : "Error" };
  if (database) {
    for (const key of ["code", "routine", "constraint", "table", "column"] as const) if (typeof e[key] === "string") entry[key] = e[key];
    entry.message = "database query failed";
  } else if (typeof e.message === "string") {
    // Our own errors and library errors say what failed, not what was sent; still, keep them to one short line.
    // (A mail server's refusal quotes the recipient: addresses are replaced.)
    entry.message = e.message.split("\n")[0]!.slice(0, 200).replace(/[^\s<>"'@]+@[^\s<>"']+/g, "<address>");
    if (typeof e.code === "string") entry.code = e.code;
    if (typeof e.stack === "string") entry.stack = e.stack.split("\n").filter((line) => line.trimStart().startsWith("at ")).slice(0, 8).join("\n");
  }
  if (typeof e.statusCode === "number") entry.statusCode = e.statusCode;
  if (e.cause && depth < 3) entry.cause = safeErrorForLog(e.cause, depth + 1);
  return entry;
}

/** One line for console logs. */
export const safeErrorLine = (error: unknown) => {
  const { type, code, message } = safeErrorForLog(error);
  return [type, code, message].filter(Boolean).join(": ");
};
