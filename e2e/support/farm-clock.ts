import type { Page } from 'playwright-core'
import type { Stack } from './stack'

/** A moment as a farm's wall clock (`YYYY-MM-DDTHH:mm`), the value a datetime-local input takes. */
export function farmWallClock(ts: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ts))
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`
}

/**
 * Moves the farm's time to `to` (ADR 0084): the simulated modules, the server (its plan runner and
 * alarm sweep act at once) and, when given, the browser page, whose clock the journey installed
 * with `page.clock.install()` before its first visit.
 */
export async function moveFarmTime(stack: Stack, to: Date, page?: Page): Promise<void> {
  await stack.moveClock(to)
  if (page) await page.clock.setSystemTime(to)
}

/** The first whole minute at least `leadMs` after `from`. */
export function wholeMinuteAfter(from: number, leadMs: number): number {
  return Math.ceil((from + leadMs) / 60_000) * 60_000
}
