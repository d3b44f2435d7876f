/** The unique constraint a PostgreSQL (or PGlite) error violated, if that is what it is. */
export function uniqueViolationConstraint(error: unknown): string | null {
  let current: unknown = error;
  // drizzle wraps the driver error in `cause`.
  for (let depth = 0; depth < 3 && current; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
    current = candidate.cause;
  }
  return null;
}
