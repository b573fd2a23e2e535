import { maxBufferedReadings } from '@kropla/domain'
import type { RawValues } from '../farm/module-behaviour'

export interface BufferedReading {
  ts: string
  values: RawValues
}

export interface ReadingBatch {
  serial: string
  readings: BufferedReading[]
}

/**
 * Readings taken while the link is down, per serial, oldest first. Bounded like a module's flash:
 * when full, the oldest reading makes room (and the caller is told, to log it).
 */
export interface ReadingBuffer {
  /** Returns false when the oldest reading had to be dropped to make room. */
  add(serial: string, reading: BufferedReading): boolean
  size(): number
  /** Removes and returns the oldest batch of at most `maxBufferedReadings` readings of one serial. */
  takeBatch(): ReadingBatch | null
}

/** A day and a half of 10-second readings per module. */
export const defaultBufferCapacity = 15_000

export function createReadingBuffer(capacity = defaultBufferCapacity): ReadingBuffer {
  const bySerial = new Map<string, BufferedReading[]>()
  return {
    add(serial, reading) {
      const readings = bySerial.get(serial) ?? []
      bySerial.set(serial, readings)
      readings.push(reading)
      if (readings.length <= capacity) return true
      readings.shift()
      return false
    },
    size: () => [...bySerial.values()].reduce((sum, readings) => sum + readings.length, 0),
    takeBatch() {
      for (const [serial, readings] of bySerial) {
        if (readings.length === 0) continue
        return { serial, readings: readings.splice(0, maxBufferedReadings) }
      }
      return null
    },
  }
}
