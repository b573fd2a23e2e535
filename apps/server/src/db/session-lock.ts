import pg from 'pg'
import type { Database } from './client'

export interface SessionLock {
  tryAcquire(): Promise<boolean>
  stillHeld(): Promise<boolean>
  release(): Promise<void>
}

/** The held keys per embedded database: one process, so a set in memory is the whole truth. */
const embeddedHolders = new WeakMap<Database, Set<number>>()

function embeddedLock(database: Database, key: number): SessionLock {
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

function postgresLock(database: Database, key: number): SessionLock {
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

/**
 * A session-level advisory lock on `key`, held until released or until its session ends: with
 * PostgreSQL `pg_try_advisory_lock` on a connection of its own; with PGlite (one process) a token
 * in memory.
 */
export const sessionLock = (database: Database, key: number): SessionLock =>
  database.kind === 'embedded' ? embeddedLock(database, key) : postgresLock(database, key)
