import { z } from 'zod'
import type { Reading, ReadingValue } from '../protocol/validate-readings'
import { formatUtcTimestamp } from '../time/format'

const valueSchema = z.number().nullable()

export const previousValueSchema = z.object({ value: valueSchema, dtimestamp: z.string() })

/**
 * A live data row (spec 01 section 3): the values one module measured at one moment, with the
 * three timestamp forms, the module's activation and inactivation times (double-underscore
 * suffix) and the block of values each field had before.
 */
export const liveDataRowSchema = z.object({
  id_object: z.number().int(),
  timestamp: z.string(),
  dtimestamp: z.string(),
  timestamp_unix: z.number().int(),
  activation__: z.string().nullable(),
  inactivation__: z.string().nullable(),
  values: z.record(z.string(), valueSchema),
  previous: z.record(z.string(), previousValueSchema),
})
export type LiveDataRow = z.infer<typeof liveDataRowSchema>

export interface StoredLatest {
  field: string
  ts: Date
  value: ReadingValue
  previousTs: Date | null
  previousValue: ReadingValue
}

export interface RowObject {
  id: number
  activatedAt: Date | null
  deactivatedAt: Date | null
}

/** Groups one module's fresh readings by timestamp into live data rows, oldest first. */
export function buildLiveDataRows(
  object: RowObject,
  readings: readonly Reading[],
  latest: readonly StoredLatest[],
) {
  const previousByField = new Map(latest.map((entry) => [entry.field, entry]))
  const byTime = new Map<number, Reading[]>()
  for (const reading of readings) {
    const key = reading.ts.getTime()
    const group = byTime.get(key)
    if (group) group.push(reading)
    else byTime.set(key, [reading])
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, group]): LiveDataRow => {
      const ts = new Date(time)
      const values: LiveDataRow['values'] = {}
      const previous: LiveDataRow['previous'] = {}
      for (const reading of group) {
        values[reading.field] = reading.value
        const before = previousByField.get(reading.field)
        if (before?.previousTs && before.ts.getTime() === time) {
          previous[reading.field] = {
            value: before.previousValue,
            dtimestamp: before.previousTs.toISOString(),
          }
        }
      }
      return {
        id_object: object.id,
        timestamp: formatUtcTimestamp(ts),
        dtimestamp: ts.toISOString(),
        timestamp_unix: Math.floor(time / 1000),
        activation__: object.activatedAt?.toISOString() ?? null,
        inactivation__: object.deactivatedAt?.toISOString() ?? null,
        values,
        previous,
      }
    })
}
