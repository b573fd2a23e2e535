import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'
import type { Lane, PriorityGate } from './priority-gate'

/**
 * Who a write is made for, as the audit log records it (migration 0010, `kropla.actor`). Set for
 * the work of one HTTP or socket request (or a command-line run); the device side (ingest, the
 * runtime, timers) runs without one and is recorded as the system's.
 */
export interface Actor {
  /** Null for an anonymous request (login, registration, password reset). */
  user_id: number | null
  email: string | null
  /** The client account the actor works in now (an operator on support access: the client's). */
  id_client: number | null
  /** The actor's own client account. */
  home_client: number | null
  /** An operator switched into a client account. */
  support: boolean
  ip: string | null
  via: 'http' | 'socket' | 'cli'
}

const storage = new AsyncLocalStorage<Actor>()

/** Runs `work` (and everything it starts) as done for `actor`: its writes are recorded as theirs. */
export function runAs<T>(actor: Actor, work: () => T): T {
  return storage.run(actor, work)
}

const requests = new AsyncLocalStorage<{ who: string }>()

/**
 * Runs `work` (and everything it starts) as a person's request, from its first statement (the
 * session's look-up, before any actor is known): it takes the users' lane and their read time-out,
 * its turns shared with other people's by `who` (the session or user asking; ADR 0093).
 */
export function runAsRequest<T>(who: string, work: () => T): T {
  return requests.run({ who }, work)
}

/** The actor of the work under way, if any. */
export function currentActor(): Actor | undefined {
  return storage.getStore()
}

type QueryText = string | { text?: string }
const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? '')

/**
 * Statements that cannot write: no transaction needed to tell the audit trigger who asks. A `with`
 * query counts when none of its parts writes (history's and the reports' one-statement reads).
 */
export const isRead = (text: string) =>
  /^\s*(select|show)\b/i.test(text) ||
  (/^\s*with\b/i.test(text) && !/\b(insert|update|delete|merge)\b/i.test(text))
const beginsTransaction = (text: string) => /^\s*(begin|start\s+transaction)\b/i.test(text)

const setActor = "select set_config('kropla.actor', $1, true)"

/** Work a person is waiting for: an HTTP or socket request (a command-line run is the operator's own). */
const isUserWork = (actor: Actor | undefined) =>
  actor ? actor.via !== 'cli' : requests.getStore() !== undefined

/** Who asks, for the turns of the users' lane: the user once known, else the request's own key. */
const whoOf = (actor: Actor | undefined) =>
  actor?.user_id != null ? `user:${actor.user_id}` : (requests.getStore()?.who ?? '')

/** How the pool shares the database between ingest, the server's own work and users (ADR 0093). */
export interface WorkRouting {
  /** The embedded database's one connection: every statement and transaction waits for its turn here. */
  gate?: PriorityGate
  /** This pool's lane at the gate whoever asks (ingest's pool); otherwise user or system by the actor. */
  lane?: Lane
  /**
   * PostgreSQL: the pool a user's reads go to, its connections opened with `statement_timeout`.
   * Without it (the embedded database, where PGlite cannot interrupt a statement) a statement or
   * transaction of a user's request that has not had its turn within `userReadTimeoutMs` is
   * refused instead, nothing of it run.
   */
  userReads?: pg.Pool
  userReadTimeoutMs?: number
}

/**
 * A node-postgres pool that tells the database who writes (`kropla.actor`, transaction-local), so
 * that the audit triggers record it in the same transaction as the write. With an actor set
 * (runAs): a write sent outside a transaction becomes `begin; set actor; write; commit` on one
 * connection, and a transaction (drizzle's `db.transaction`, which checks out a client) sets the
 * actor right after its `begin`. Without an actor (ingest, the runtime) nothing changes, so the
 * device side pays nothing. Reads are never wrapped.
 *
 * It also routes work (WorkRouting, ADR 0093): on PostgreSQL a user's reads go to the pool with the
 * statement time-out; on the embedded database every statement and transaction first waits for its
 * turn at the priority gate, ingest before the server's own work before users.
 */
export class AuditedPool extends pg.Pool {
  private readonly routing: WorkRouting

  constructor(config: pg.PoolConfig & WorkRouting = {}) {
    const { gate, lane, userReads, userReadTimeoutMs, ...poolConfig } = config
    super(poolConfig)
    this.routing = { gate, lane, userReads, userReadTimeoutMs }
  }

  private laneOf(actor: Actor | undefined): Lane {
    return this.routing.lane ?? (isUserWork(actor) ? 'user' : 'system')
  }

  /** How long a turn may be waited for: a user's, the read time-out; the rest, as long as it takes. */
  private waitLimitOf(actor: Actor | undefined): number | undefined {
    return this.laneOf(actor) === 'user' ? this.routing.userReadTimeoutMs : undefined
  }

  /** Runs `work` in its turn at the gate (at once without one); a user's read waits at most the time-out. */
  private async inTurn<T>(lane: Lane, waitLimitMs: number | undefined, work: () => Promise<T>): Promise<T> {
    const gate = this.routing.gate
    if (!gate) return work()
    const release = await gate.acquire(lane, waitLimitMs, whoOf(currentActor()))
    try {
      return await work()
    } finally {
      release()
    }
  }

  // node-postgres's query has many overloads; this forwards them unchanged.
  override query(...args: unknown[]): never {
    // The callback form is node-postgres's own, never ours: forwarded as it is.
    if (typeof args[args.length - 1] === 'function')
      return (super.query as (...a: unknown[]) => never)(...args)
    const actor = currentActor()
    const text = textOf(args[0])
    const userRead = isUserWork(actor) && isRead(text)
    if (userRead && this.routing.userReads)
      return (this.routing.userReads.query as (...a: unknown[]) => never)(...args)
    return this.inTurn(this.laneOf(actor), this.waitLimitOf(actor), () =>
      !actor || isRead(text)
        ? (super.query as (...a: unknown[]) => Promise<unknown>)(...args)
        : this.queryAs(actor, args[0] as QueryText, args[1]),
    ) as never
  }

  private async queryAs(actor: Actor, query: QueryText, values: unknown) {
    const client = await super.connect()
    let failed: Error | undefined
    try {
      await client.query('begin')
      await client.query(setActor, [JSON.stringify(actor)])
      const result = await client.query(query as string, values as unknown[])
      await client.query('commit')
      return result
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => {
        failed = rollbackError
      })
      throw error
    } finally {
      client.release(failed)
    }
  }

  // The promise form is what drizzle's transactions use; the callback form is pg's own (pool.query).
  override connect(...args: unknown[]): never {
    if (args.length) return (super.connect as (...a: unknown[]) => never)(...args)
    const actor = currentActor()
    return this.checkOut(actor) as never
  }

  /** A client of its own: with a gate, the turn is held until the client is released. */
  private async checkOut(actor: Actor | undefined): Promise<pg.PoolClient> {
    const release = this.routing.gate
      ? await this.routing.gate.acquire(this.laneOf(actor), this.waitLimitOf(actor), whoOf(actor))
      : undefined
    let client: pg.PoolClient
    try {
      client = await super.connect()
    } catch (error) {
      release?.()
      throw error
    }
    if (actor) withActorAfterBegin(client, actor)
    if (release) {
      const clientRelease = client.release
      client.release = (...releaseArgs: Parameters<typeof clientRelease>) => {
        client.release = clientRelease
        try {
          return clientRelease.apply(client, releaseArgs)
        } finally {
          release()
        }
      }
    }
    return client
  }
}

/** Has a checked-out client set the actor after each `begin`, until it is released. */
function withActorAfterBegin(client: pg.PoolClient, actor: Actor): pg.PoolClient {
  const query = client.query
  const release = client.release
  const patched = client as unknown as { query: (...a: unknown[]) => unknown; release: typeof release }
  patched.query = (...args: unknown[]) => {
    const run = (query as (...a: unknown[]) => unknown).apply(client, args)
    if (!beginsTransaction(textOf(args[0])) || !(run instanceof Promise)) return run
    return run.then(async (result) => {
      await (query as (...a: unknown[]) => Promise<unknown>).call(client, setActor, [JSON.stringify(actor)])
      return result
    })
  }
  patched.release = (...args: Parameters<typeof release>) => {
    patched.query = query as never
    patched.release = release
    return release.apply(client, args)
  }
  return client
}
