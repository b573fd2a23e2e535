/**
 * Calls to one shared service spaced at least `minIntervalMs` apart, taken round-robin between
 * farms: each farm waits in its own queue, and the next call goes to the next farm that has one
 * waiting, so one farm's thirty searches delay another farm's single one by at most one call per
 * farm ahead of it, never thirty (ADR 0094). A farm may have at most `perFarm` calls waiting; one
 * more is refused at once (`full`) without touching the others. Pure: clock and sleep are handed in.
 */
export interface FairTurnsDeps {
  minIntervalMs: number
  /** Calls one farm may have waiting or under way at once. */
  perFarm: number
  now: () => number
  sleep: (ms: number) => Promise<void>
}

interface Waiting {
  /** Makes the call and settles its caller; never rejects. */
  run: () => Promise<void>
}

export function createFairTurns(deps: FairTurnsDeps) {
  /** Each farm's waiting calls, in the round's order (a Map keeps insertion order). */
  const queues = new Map<number, Waiting[]>()
  const held = new Map<number, number>()
  let lastCallAt = Number.NEGATIVE_INFINITY
  let running = false

  async function pump() {
    if (running) return
    running = true
    try {
      for (;;) {
        const next = queues.entries().next()
        if (next.done) return
        const [farm, queue] = next.value
        const waiting = queue.shift()!
        // The farm goes to the back of the round; a farm with nothing left leaves it.
        queues.delete(farm)
        if (queue.length) queues.set(farm, queue)
        const wait = lastCallAt + deps.minIntervalMs - deps.now()
        if (wait > 0) await deps.sleep(wait)
        lastCallAt = deps.now()
        // One call at a time: the next starts after this one ends and the interval has passed.
        await waiting.run()
      }
    } finally {
      running = false
    }
  }

  return {
    /**
     * Runs `call` in `farm`'s turn; `full` when the farm already has `perFarm` calls waiting or
     * under way. The call's own failure is its caller's; the turns go on.
     */
    async run<T>(farm: number, call: () => Promise<T>): Promise<{ full: true } | { full: false; value: T }> {
      const mine = held.get(farm) ?? 0
      if (mine >= deps.perFarm) return { full: true }
      held.set(farm, mine + 1)
      try {
        const value = await new Promise<T>((resolve, reject) => {
          const waiting = { run: () => call().then(resolve, reject) }
          const queue = queues.get(farm)
          if (queue) queue.push(waiting)
          else queues.set(farm, [waiting])
          void pump()
        })
        return { full: false, value }
      } finally {
        const left = (held.get(farm) ?? 1) - 1
        if (left > 0) held.set(farm, left)
        else held.delete(farm)
      }
    },
    /** Calls waiting for their turn, all farms together. */
    waiting: () => [...queues.values()].reduce((sum, queue) => sum + queue.length, 0),
  }
}
export type FairTurns = ReturnType<typeof createFairTurns>
