/** Background work repeated every so often: sweeps, tidying, publication of due messages. */
export interface Periodic<T> {
  /** Starts the timer; starting a started one changes nothing. */
  start(): void
  /** One run now, after the run under way if any; rejects with that run's failure. */
  runNow(): Promise<T>
  /** Stops the timer and waits for the runs under way or queued. */
  stop(): Promise<void>
}

/**
 * Every `everyMs`, `run` once. A tick while a run is under way (or queued by `runNow`) is
 * skipped, so a slow database never piles runs up; a failed run is logged and the next tick tries
 * again. The timer does not keep the process alive: the server's listeners do.
 */
export function createPeriodic<T>(options: {
  /** Names the work in the log line of a failure ("<name> failed"). */
  name: string
  everyMs: number
  /** Where a failed run is reported (the server's pino logger). */
  logger: { error(context: { err: unknown }, message: string): void }
  run: () => Promise<T>
}): Periodic<T> {
  let timer: NodeJS.Timeout | undefined
  /** The end of the queue of runs; never rejects. */
  let tail: Promise<unknown> = Promise.resolve()
  let pending = 0

  function enqueue(): Promise<T> {
    pending++
    const next = tail.then(options.run).finally(() => {
      pending--
    })
    tail = next.catch(() => undefined)
    return next
  }

  return {
    start() {
      if (timer) return
      timer = setInterval(() => {
        if (pending > 0) return
        enqueue().catch((error: unknown) => options.logger.error({ err: error }, `${options.name} failed`))
      }, options.everyMs)
      timer.unref()
    },
    runNow: enqueue,
    async stop() {
      clearInterval(timer)
      timer = undefined
      await tail
    },
  }
}
