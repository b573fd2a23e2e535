import type { Rejection } from '@kropla/domain'
import type { RejectionCount } from './readings-dal'

/** Gathers rejected messages and fields between flushes, counted per module and reason. */
export function createRejectionCounter(now: () => Date) {
  let counts = new Map<string, RejectionCount>()
  return {
    add(serial: string, rejections: readonly Rejection[]) {
      for (const rejection of rejections) {
        const key = `${serial}\u0000${rejection.reason}`
        // PostgreSQL text cannot hold NUL, and a module's raw bytes may contain it.
        const detail = [rejection.field, rejection.detail]
          .filter(Boolean)
          .join(': ')
          .slice(0, 200)
          .replaceAll('\u0000', '\uFFFD')
        const entry = counts.get(key)
        if (entry) {
          entry.count++
          entry.detail = detail
          entry.at = now()
        } else counts.set(key, { serial, reason: rejection.reason, count: 1, detail, at: now() })
      }
    },
    take(): RejectionCount[] {
      const taken = [...counts.values()]
      counts = new Map()
      return taken
    },
    get size() {
      return counts.size
    },
  }
}
