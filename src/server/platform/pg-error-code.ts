/** The PostgreSQL (or socket) error code of a failed query, whether the driver's error or the query builder's wrapper of it. */
export function pgErrorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === "string" ? code : typeof cause === "string" ? cause : "";
}
