import { HttpError } from '../../app/http-errors'

/** Whose work it is: a user of a client account (a farm). */
export interface Worker {
  idUser: number
  idClient: number
}

export interface WorkLimits {
  /** Expensive requests (history, reports, exports) one user may have under way at once. */
  perUser: number
  /** The same for a whole farm, whoever of its users sent them. */
  perClient: number
  /** What `Retry-After` tells a refused request (seconds). */
  retryAfterSeconds: number
}

/**
 * Long reads of the database are one of a user's few ways to slow a server for everyone: 45
 * 400-day history requests sent at once left other farms' requests and modules' readings waiting
 * (issue 23, item 3). Each user and each farm gets a few of them under way at once; one more is
 * refused at once with `busy_try_again` (429, `Retry-After`) rather than queued behind the rest,
 * so a flood costs its sender, not the others (ADR 0086). Counts are per server process.
 */
export function createWorkGate(limits: WorkLimits) {
  const byUser = new Map<number, number>()
  const byClient = new Map<number, number>()
  const take = (counts: Map<number, number>, key: number) => counts.set(key, (counts.get(key) ?? 0) + 1)
  const give = (counts: Map<number, number>, key: number) => {
    const left = (counts.get(key) ?? 1) - 1
    if (left > 0) counts.set(key, left)
    else counts.delete(key)
  }

  return {
    /** Runs `work` when `who` has room; otherwise throws `busy_try_again` without starting it. */
    async run<T>(who: Worker, work: () => Promise<T>): Promise<T> {
      if (
        (byUser.get(who.idUser) ?? 0) >= limits.perUser ||
        (byClient.get(who.idClient) ?? 0) >= limits.perClient
      )
        throw new HttpError('busy_try_again', { retryAfterSeconds: limits.retryAfterSeconds })
      take(byUser, who.idUser)
      take(byClient, who.idClient)
      try {
        return await work()
      } finally {
        give(byUser, who.idUser)
        give(byClient, who.idClient)
      }
    },
    /** Work under way now (for tests and the supervisor). */
    underWay: (who: Worker) => ({
      user: byUser.get(who.idUser) ?? 0,
      client: byClient.get(who.idClient) ?? 0,
    }),
  }
}
export type WorkGate = ReturnType<typeof createWorkGate>

/** The product's limits: a user's chart and an export beside it; a farm's few users at once. */
export const defaultWorkLimits: WorkLimits = { perUser: 2, perClient: 4, retryAfterSeconds: 5 }
