import { sqlStateOf } from '../db/data-exception'

/**
 * Whether the database refused a write for what it contains (SQLSTATE class 22, data exception,
 * or 23, integrity constraint violation): the same rows would be refused again, so retrying cannot
 * cure it. Anything else (a lost connection, which node-postgres reports without a SQLSTATE,
 * 08xxx, 40001 serialization, 40P01 deadlock, 57P01 shutdown, even 42xxx from a broken schema)
 * is treated as passing and retried: dropping readings for an outage would be worse than waiting.
 */
export function isPermanentWriteError(error: unknown): boolean {
  const sqlState = sqlStateOf(error)
  return sqlState !== null && (sqlState.startsWith('22') || sqlState.startsWith('23'))
}

/** The SQLSTATE and message of a refusal, short enough for a rejection's detail. */
export function describeWriteError(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown }
  return `${typeof code === 'string' ? code : '?'} ${typeof message === 'string' ? message : ''}`.trim()
}

export interface SplitOutcome<Row, Stored> {
  stored: Stored[]
  refused: { row: Row; error: unknown }[]
}

/**
 * Writes rows with `write`; when the database refuses them for good, halves them and writes each
 * half again, down to the single rows it refuses. A batch with one bad row among n costs about
 * 2 log2(n) statements instead of stopping ingest. Other errors are `write`'s to retry or throw.
 */
export async function writeSplittingRefused<Row, Stored>(
  rows: readonly Row[],
  write: (rows: readonly Row[]) => Promise<Stored>,
): Promise<SplitOutcome<Row, Stored>> {
  const outcome: SplitOutcome<Row, Stored> = { stored: [], refused: [] }
  async function attempt(part: readonly Row[]) {
    if (part.length === 0) return
    try {
      outcome.stored.push(await write(part))
    } catch (error) {
      if (!isPermanentWriteError(error)) throw error
      if (part.length === 1) {
        outcome.refused.push({ row: part[0]!, error })
        return
      }
      const half = Math.ceil(part.length / 2)
      await attempt(part.slice(0, half))
      await attempt(part.slice(half))
    }
  }
  await attempt(rows)
  return outcome
}
