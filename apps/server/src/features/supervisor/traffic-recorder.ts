import type { TrafficMessage, TrafficMinute } from '@kropla/domain'

const keptMinutes = 60
const keptMessages = 100

/**
 * Module traffic for /supervisor, in memory on this process: counts per minute for the last hour
 * and the last messages. Ingest and the device publisher record into it; nothing is stored.
 */
export function createTrafficRecorder(now: () => Date = () => new Date()) {
  /** Minute start (ms) -> counts. */
  const minutes = new Map<number, { ingest: number; commands: number; rejected: number }>()
  const last: TrafficMessage[] = []

  function bucket(at: number) {
    const start = Math.floor(at / 60_000) * 60_000
    let counts = minutes.get(start)
    if (!counts) {
      counts = { ingest: 0, commands: 0, rejected: 0 }
      minutes.set(start, counts)
      for (const key of minutes.keys()) if (key <= start - keptMinutes * 60_000) minutes.delete(key)
    }
    return counts
  }

  return {
    record(entry: Omit<TrafficMessage, 'at'>) {
      const at = now()
      const counts = bucket(at.getTime())
      if (entry.direction === 'in') counts.ingest++
      else counts.commands++
      counts.rejected += entry.rejected
      last.unshift({ at: at.toISOString(), ...entry })
      if (last.length > keptMessages) last.length = keptMessages
    },
    /** The last `count` minutes, oldest first (silent minutes as zeros), and the last messages. */
    history(count = keptMinutes): { minutes: TrafficMinute[]; last: TrafficMessage[] } {
      const current = Math.floor(now().getTime() / 60_000) * 60_000
      const list: TrafficMinute[] = []
      for (let index = count - 1; index >= 0; index--) {
        const start = current - index * 60_000
        const counts = minutes.get(start) ?? { ingest: 0, commands: 0, rejected: 0 }
        list.push({ minute: new Date(start).toISOString(), ...counts })
      }
      return { minutes: list, last: [...last] }
    },
  }
}
export type TrafficRecorder = ReturnType<typeof createTrafficRecorder>
