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
 * One turn at a time, handed out by lane (ingest, then system, then user). Within the ingest and
 * system lanes first come first served; within the users' lane the turns go round the people
 * waiting (`who`), one who was not waiting yet going first, so one user's flood of queued
 * statements delays another user's by the statement under way, never by all of them. A waiter may give up after `waitLimitMs`: it leaves the queue, nothing of
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
  /** The users' lane: each one's queue, in the round's order (a Map keeps insertion order). */
  let users = new Map<string, Waiter[]>()
  let busy = false

  function nextUser(): Waiter | undefined {
    const first = users.entries().next()
    if (first.done) return undefined
    const [who, queue] = first.value
    const waiter = queue.shift()
    // Whoever was served goes to the back of the round; one with nothing left leaves it.
    users.delete(who)
    if (queue.length) users.set(who, queue)
    return waiter
  }

  function next() {
    for (const lane of lanes) {
      const waiter = lane === 'user' ? nextUser() : waiting[lane].shift()
      if (!waiter) continue
      if (waiter.timer) timers.clearTimeout(waiter.timer)
      busy = true
      waiter.grant()
      return
    }
    busy = false
  }

  return {
    /**
     * Resolves with the turn's release (call it exactly once) when `lane`'s turn comes; in the
     * users' lane, `who` asks (a user, a session), the turns going round them.
     */
    acquire(lane: Lane, waitLimitMs?: number, who = ''): Promise<() => void> {
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
        const queue = lane === 'user' ? (users.get(who) ?? []) : waiting[lane]
        // Someone not yet waiting goes ahead of those who are: a person asking for one thing
        // waits only for the statement under way, not for a flood's next one too.
        if (lane === 'user' && !users.has(who)) users = new Map([[who, queue], ...users])
        if (waitLimitMs !== undefined)
          waiter.timer = timers.setTimeout(() => {
            const index = queue.indexOf(waiter)
            if (index >= 0) queue.splice(index, 1)
            if (lane === 'user' && queue.length === 0 && users.get(who) === queue) users.delete(who)
            reject(new TurnTimedOutError(waitLimitMs))
          }, waitLimitMs)
        queue.push(waiter)
      })
    },
    /** How many wait in each lane (tests, the supervisor). */
    waiting: () => ({
      ingest: waiting.ingest.length,
      system: waiting.system.length,
      user: [...users.values()].reduce((sum, queue) => sum + queue.length, 0),
    }),
    isBusy: () => busy,
  }
}
export type PriorityGate = ReturnType<typeof createPriorityGate>
