/**
 * Who waits for the embedded database's one connection: a module's readings (ingest), the
 * server's own work (the runtime, timers, sweeps: no user behind it), and what a user's request
 * asked for. A free turn goes to the first lane that has someone waiting, in this order (ADR 0093).
 */
export const lanes = ['ingest', 'system', 'user'] as const
export type Lane = (typeof lanes)[number]

/** SQLSTATE 57014 (query_canceled), what PostgreSQL answers a statement past `statement_timeout`. */
export const statementTimeoutState = '57014'

/** A user's read whose turn did not come in time; coded as PostgreSQL's own time-out, so one check answers both. */
export class TurnTimedOutError extends Error {
  readonly code = statementTimeoutState
  constructor(waitedMs: number) {
    super(`no turn at the database within ${waitedMs} ms`)
  }
}

interface Waiter {
  grant: () => void
  timer?: ReturnType<typeof setTimeout>
}

/**
 * One turn at a time, handed out by lane (ingest, then system, then user) and first come first
 * served within a lane. A waiter may give up after `waitLimitMs`: it leaves the queue, nothing of
 * it having run, and its promise rejects with TurnTimedOutError. Pure: no database, the timer
 * functions injectable for a test clock.
 */
export function createPriorityGate(
  timers: {
    setTimeout: (run: () => void, ms: number) => ReturnType<typeof setTimeout>
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => void
  } = { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (timer) => clearTimeout(timer) },
) {
  const waiting: Record<Lane, Waiter[]> = { ingest: [], system: [], user: [] }
  let busy = false

  function next() {
    for (const lane of lanes) {
      const waiter = waiting[lane].shift()
      if (!waiter) continue
      if (waiter.timer) timers.clearTimeout(waiter.timer)
      busy = true
      waiter.grant()
      return
    }
    busy = false
  }

  return {
    /** Resolves with the turn's release (call it exactly once) when `lane`'s turn comes. */
    acquire(lane: Lane, waitLimitMs?: number): Promise<() => void> {
      return new Promise((resolve, reject) => {
        let released = false
        const release = () => {
          if (released) return
          released = true
          next()
        }
        if (!busy) {
          busy = true
          resolve(release)
          return
        }
        const waiter: Waiter = { grant: () => resolve(release) }
        if (waitLimitMs !== undefined)
          waiter.timer = timers.setTimeout(() => {
            const queue = waiting[lane]
            const index = queue.indexOf(waiter)
            if (index >= 0) queue.splice(index, 1)
            reject(new TurnTimedOutError(waitLimitMs))
          }, waitLimitMs)
        waiting[lane].push(waiter)
      })
    },
    /** How many wait in each lane (tests, the supervisor). */
    waiting: () => ({
      ingest: waiting.ingest.length,
      system: waiting.system.length,
      user: waiting.user.length,
    }),
    isBusy: () => busy,
  }
}
export type PriorityGate = ReturnType<typeof createPriorityGate>
