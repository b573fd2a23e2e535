/**
 * The SQLSTATE of a database error, or null: node-postgres sets `code`, and Drizzle wraps the
 * driver's error in `cause`.
 */
export function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return null
}

/**
 * A statement stopped by `statement_timeout` (SQLSTATE 57014), or a user's read refused because its
 * turn at the embedded database did not come in time (coded the same, ADR 0093).
 */
export function isStatementTimeout(error: unknown): boolean {
  return sqlStateOf(error) === '57014'
}

/**
 * PostgreSQL's class 22 "data exception" (SQLSTATE 22xxx: a NUL or a byte sequence the encoding
 * refuses, a date or number out of range…) means the request carried a value the database cannot
 * hold: the client's fault, not the server's. The zod schemas should refuse such values first;
 * this is the backstop for one they miss.
 */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false
}
