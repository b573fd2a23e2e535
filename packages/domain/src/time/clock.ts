/**
 * What tells the time. The product runs on the system's; a test that lives through a run, a
 * schedule's day or a season moves a {@link MovableClock} instead of waiting for real minutes
 * (ADR 0084). Services take `now: () => Date`, which is `clock.now`.
 */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock a test moves; between moves it runs at real speed, so timers and time-outs still pass. */
export interface MovableClock extends Clock {
  /** Jumps to `at` (forward or back) and tells every listener. */
  moveTo(at: Date): void
  /** Jumps `ms` ahead of the clock's present. */
  advance(ms: number): void
  /** Called after each move with the new time; returns the unsubscribe. */
  onMove(listener: (at: Date) => void): () => void
}

/**
 * A clock that reads `realNow` plus an offset: it starts at `start` (default: the real time) and
 * keeps running from wherever a move put it.
 */
export function createMovableClock(start?: Date, realNow: () => number = Date.now): MovableClock {
  let offsetMs = start ? start.getTime() - realNow() : 0
  const listeners = new Set<(at: Date) => void>()
  const now = () => new Date(realNow() + offsetMs)
  const moveTo = (at: Date) => {
    if (Number.isNaN(at.getTime())) throw new RangeError('a clock cannot move to an invalid date')
    offsetMs = at.getTime() - realNow()
    for (const listener of listeners) listener(new Date(at))
  }
  return {
    now,
    moveTo,
    advance: (ms) => moveTo(new Date(now().getTime() + ms)),
    onMove(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
