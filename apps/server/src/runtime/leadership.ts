import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { sessionLock } from '../db/session-lock'

/** Any constant (the migrations use 7_260_001): the plan runner's session-level advisory lock. */
export const planRunnerLockKey = 7_260_002

export interface LeadershipOptions {
  database: Database
  logger: Logger
  /** How often a follower tries to take the lead, and a leader checks its lock connection. */
  retryMs: number
  key?: number
  onLead: () => Promise<void> | void
  /** Called when the lead is lost or given up; awaited before the lock is released. */
  onLose: () => Promise<void> | void
}

/**
 * One leader among the server processes sharing a database. With PostgreSQL the leader holds
 * `pg_try_advisory_lock` on a connection of its own for as long as it leads: when the process dies
 * or loses its connection the lock goes with the session, and a follower (trying every `retryMs`)
 * takes over. PGlite is one session in one process (the data-directory lock keeps others out), so
 * there an in-process token decides among runners sharing that database.
 */
export function createLeadership(options: LeadershipOptions) {
  const key = options.key ?? planRunnerLockKey
  const lock = sessionLock(options.database, key)
  let leading = false
  let stopped = true
  let timer: NodeJS.Timeout | undefined
  let checking: Promise<void> = Promise.resolve()

  async function check() {
    if (stopped) return
    try {
      if (leading) {
        if (!(await lock.stillHeld())) await lose('lock connection lost')
      } else if (await lock.tryAcquire()) {
        if (stopped) {
          await lock.release()
          return
        }
        leading = true
        options.logger.info('plan runner: leading')
        await options.onLead()
      }
    } catch (error) {
      options.logger.error({ err: error }, 'plan runner leadership check failed')
      if (leading) await lose('check failed')
      else await lock.release().catch(() => undefined)
    }
  }

  async function lose(reason: string) {
    leading = false
    options.logger.warn({ reason }, 'plan runner: no longer leading')
    await options.onLose()
    await lock.release().catch(() => undefined)
  }

  function run() {
    checking = checking.then(check)
    return checking
  }

  return {
    get leading() {
      return leading
    },
    /** Tries at once, then every `retryMs`; resolves after the first try. */
    async start() {
      if (!stopped) return
      stopped = false
      timer = setInterval(() => void run(), options.retryMs)
      timer.unref()
      await run()
    },
    /** Stops trying; a leader stops its work and releases the lock. */
    async stop() {
      stopped = true
      clearInterval(timer)
      await checking
      if (leading) {
        leading = false
        await options.onLose()
      }
      await lock.release().catch(() => undefined)
    },
  }
}
export type Leadership = ReturnType<typeof createLeadership>
