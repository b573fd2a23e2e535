import pg from 'pg'
import type { Logger } from 'pino'
import type { Database } from '../db/client'

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
  const lock =
    options.database.kind === 'embedded'
      ? embeddedLock(options.database, key)
      : postgresLock(options.database, key)
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

interface LockHandle {
  tryAcquire(): Promise<boolean>
  stillHeld(): Promise<boolean>
  release(): Promise<void>
}

/** The held keys per embedded database: one process, so a set in memory is the whole truth. */
const embeddedHolders = new WeakMap<Database, Set<number>>()

function embeddedLock(database: Database, key: number): LockHandle {
  let held = false
  const holders = embeddedHolders.get(database) ?? new Set<number>()
  embeddedHolders.set(database, holders)
  return {
    async tryAcquire() {
      if (held) return true
      if (holders.has(key)) return false
      holders.add(key)
      held = true
      return true
    },
    async stillHeld() {
      return held
    },
    async release() {
      if (held) holders.delete(key)
      held = false
    },
  }
}

function postgresLock(database: Database, key: number): LockHandle {
  // A connection outside the pool: the lock lives as long as this session, and the pool's
  // connections stay free for the requests.
  let client: pg.Client | undefined
  let broken = false
  let held = false

  async function connection() {
    if (client && !broken) return client
    await client?.end().catch(() => undefined)
    broken = false
    const fresh = new pg.Client(database.pool.options)
    fresh.on('error', () => {
      broken = true
    })
    await fresh.connect()
    client = fresh
    return fresh
  }

  return {
    async tryAcquire() {
      const session = await connection()
      const answer = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        key,
      ])
      held = answer.rows[0]?.locked === true
      return held
    },
    async stillHeld() {
      if (!held || broken || !client) return false
      await client.query('select 1')
      return true
    },
    async release() {
      const session = client
      client = undefined
      if (held && session && !broken)
        await session.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined)
      held = false
      await session?.end().catch(() => undefined)
    },
  }
}
