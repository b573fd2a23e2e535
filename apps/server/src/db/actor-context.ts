import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'

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

/** The actor of the work under way, if any. */
export function currentActor(): Actor | undefined {
  return storage.getStore()
}

type QueryText = string | { text?: string }
const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? '')

/** Statements that cannot write: no transaction needed to tell the audit trigger who asks. */
const isRead = (text: string) => /^\s*(select|show)\b/i.test(text)
const beginsTransaction = (text: string) => /^\s*(begin|start\s+transaction)\b/i.test(text)

const setActor = "select set_config('kropla.actor', $1, true)"

/**
 * A node-postgres pool that tells the database who writes (`kropla.actor`, transaction-local), so
 * that the audit triggers record it in the same transaction as the write. With an actor set
 * (runAs): a write sent outside a transaction becomes `begin; set actor; write; commit` on one
 * connection, and a transaction (drizzle's `db.transaction`, which checks out a client) sets the
 * actor right after its `begin`. Without an actor (ingest, the runtime) nothing changes, so the
 * device side pays nothing. Reads are never wrapped.
 */
export class AuditedPool extends pg.Pool {
  // node-postgres's query has many overloads; this forwards them unchanged.
  override query(...args: unknown[]): never {
    const actor = currentActor()
    const text = textOf(args[0])
    if (!actor || isRead(text) || typeof args[args.length - 1] === 'function') {
      return (super.query as (...a: unknown[]) => never)(...args)
    }
    return this.queryAs(actor, args[0] as QueryText, args[1]) as never
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
    const actor = currentActor()
    if (!actor || args.length) return (super.connect as (...a: unknown[]) => never)(...args)
    return super.connect().then((client) => withActorAfterBegin(client, actor)) as never
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
