/** PostgreSQL's unique_violation (23505), seen through Drizzle's wrapper; optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const pgError = cause as { code?: unknown; constraint?: unknown }
    if (pgError.code === '23505') return constraint === undefined || pgError.constraint === constraint
  }
  return false
}
