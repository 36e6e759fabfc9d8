/** The PostgreSQL (or socket) error code of a failed query, whether the driver's error or the query builder's wrapper of it. */
export function pgErrorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === "string" ? code : typeof cause === "string" ? cause : "";
}

/** The constraint or unique index a failed query broke, read the same way; "" when it names none. */
export function pgConstraint(error: unknown): string {
  const own = (error as { constraint?: unknown } | null)?.constraint;
  const cause = (error as { cause?: { constraint?: unknown } } | null)?.cause?.constraint;
  return typeof own === "string" ? own : typeof cause === "string" ? cause : "";
}
