import {
  counterPulses,
  dailyAverage,
  epsilonOfMoisture,
  type ReportFieldInfo,
  roundTo,
  sigmaOf,
  summedAmount,
} from '@kropla/domain'
import type { ReportBucket } from './reports-dal'
import type { Statistic } from './series-plan'

/** The values of one field's statistics by row start (epoch ms). */
export type FieldValues = Map<Statistic, Map<number, number | null>>

/** Counter state carried from page to page: each counter's last reading. */
export type CounterState = Map<string, number | null>

const MINUTE = 60_000

/** Raw readings in minute rows: a minute with several readings holds their figures together. */
export function minuteBuckets(rows: readonly ReportBucket[]): ReportBucket[] {
  const out: ReportBucket[] = []
  for (const row of rows) {
    const minute = Math.floor(row.ts.getTime() / MINUTE) * MINUTE
    const last = out.at(-1)
    if (last && last.field === row.field && last.ts.getTime() === minute) {
      last.count += row.count
      last.sum += row.sum
      last.min = Math.min(last.min, row.min)
      last.max = Math.max(last.max, row.max)
      last.last = row.last
    } else out.push({ ...row, ts: row.ts.getTime() === minute ? row.ts : new Date(minute) })
  }
  return out
}

export function byField(rows: readonly ReportBucket[]): Map<string, ReportBucket[]> {
  const map = new Map<string, ReportBucket[]>()
  for (const row of rows) {
    let list = map.get(row.field)
    if (!list) {
      list = []
      map.set(row.field, list)
    }
    list.push(row)
  }
  return map
}

const average = (bucket: ReportBucket | undefined) =>
  bucket && bucket.count > 0 ? bucket.sum / bucket.count : null

/**
 * A field's values per row from its stored fields' buckets (spec 02 section 9, calculation rules):
 * the reading or the bucket's average; daily statistics (average to 2 decimals, minimum,
 * maximum); epsilon and sigma computed from moisture, ECW and temperature; counters summed.
 */
export function fieldValues(
  info: ReportFieldInfo,
  statistics: Statistic[],
  reads: Map<string, ReportBucket[]>,
  counterState: CounterState,
  stateKey: string,
): FieldValues {
  const result: FieldValues = new Map(statistics.map((statistic) => [statistic, new Map()]))
  const main = reads.get(info.reads[0]!) ?? []
  const put = (statistic: Statistic, ts: Date, value: number | null) =>
    result.get(statistic)?.set(ts.getTime(), value)
  if (info.derive === 'counter' && info.counter) {
    const previousLast = counterState.get(stateKey) ?? null
    const pulses = counterPulses(main, info.counter.incremental, previousLast)
    const multiplier = info.counter.multiplier
    main.forEach((bucket, index) => {
      const value = pulses[index]
      put('sum', bucket.ts, value === null || value === undefined ? null : summedAmount(value, multiplier))
    })
    if (main.length > 0) counterState.set(stateKey, main.at(-1)!.last)
    return result
  }
  const daily = statistics[0] === 'avg'
  if (info.derive === 'none' || info.derive === 'epsilon') {
    const derive = info.derive === 'epsilon' ? epsilonOfMoisture : (value: number | null) => value
    for (const bucket of main) {
      if (daily) {
        const avg =
          info.derive === 'none' ? dailyAverage(bucket.sum, bucket.count) : derive(bucket.sum / bucket.count)
        put('avg', bucket.ts, avg === null ? null : roundTo(avg, 2))
        put('min', bucket.ts, derive(bucket.min))
        put('max', bucket.ts, derive(bucket.max))
      } else put('value', bucket.ts, derive(average(bucket)))
    }
    return result
  }
  // Sigma: moisture, ECW and temperature of the same row.
  const ecw = new Map((reads.get(info.reads[1]!) ?? []).map((bucket) => [bucket.ts.getTime(), bucket]))
  const temperature = new Map(
    (reads.get(info.reads[2]!) ?? []).map((bucket) => [bucket.ts.getTime(), bucket]),
  )
  for (const bucket of main) {
    const e = ecw.get(bucket.ts.getTime())
    const t = average(temperature.get(bucket.ts.getTime()))
    if (daily) {
      const avg = sigmaOf(bucket.sum / bucket.count, average(e), t)
      put('avg', bucket.ts, avg === null ? null : roundTo(avg, 2))
      put('min', bucket.ts, sigmaOf(bucket.min, e?.min ?? null, t))
      put('max', bucket.ts, sigmaOf(bucket.max, e?.max ?? null, t))
    } else put('value', bucket.ts, sigmaOf(bucket.sum / bucket.count, average(e), t))
  }
  return result
}
