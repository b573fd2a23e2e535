import { type FailedReportSource, shiftBack } from '@kropla/domain'
import type { ReportContext } from './report-generator'
import type { ReportBucket, ReportsDal } from './reports-dal'
import { type Plan, statisticsOf } from './series-plan'
import { byField, type CounterState, type FieldValues, fieldValues, minuteBuckets } from './series-values'

/** What a series report reads through the DAL: its fields' values over a range, the counters' baselines. */

/**
 * One report being read: its plan, the reads it goes through, each counter's last reading carried
 * from page to page, and the modules whose read failed (left out of later pages).
 */
export interface SeriesReading {
  dal: Pick<ReportsDal, 'bucketsMany' | 'buckets' | 'lastBefore'>
  context: ReportContext
  current: Plan
  counterState: CounterState
  failedObjects: Set<number>
}

/** Starts reading a planned report: no module failed yet, the counters' baselines read. */
export async function startSeriesReading(
  dal: SeriesReading['dal'],
  context: ReportContext,
  current: Plan,
): Promise<SeriesReading> {
  const failedObjects = new Set<number>()
  const counterState = await counterBaselines(dal, context, current)
  return { dal, context, current, counterState, failedObjects }
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/**
 * How much of a range one statement reads: hourly rollups a month, raw minutes a day; daily
 * rollups are few enough for one. Each statement stays short, so on the embedded database a
 * module's reading waits for one page at most, never for a year's read (ADR 0093). Pages end on
 * whole hours or minutes, so no bucket is split between two.
 */
const readPage: Partial<Record<Plan['grouping'], { ms: number; unit: number }>> = {
  hour: { ms: 31 * 24 * HOUR, unit: HOUR },
  minute: { ms: 24 * HOUR, unit: MINUTE },
}

/** `bucketsMany` a page at a time; each module's buckets in the pages' order (per field, in time). */
async function bucketsManyInPages(
  dal: SeriesReading['dal'],
  ...[grouping, idClient, wanted, start, end, timeZone]: Parameters<SeriesReading['dal']['bucketsMany']>
) {
  const page = readPage[grouping]
  if (!page || end.getTime() - start.getTime() <= page.ms)
    return dal.bucketsMany(grouping, idClient, wanted, start, end, timeZone)
  const merged = new Map<number, ReportBucket[]>()
  for (let from = start; from < end; ) {
    const to = new Date(
      Math.min(end.getTime(), Math.ceil((from.getTime() + page.ms) / page.unit) * page.unit),
    )
    const part = await dal.bucketsMany(grouping, idClient, wanted, from, to, timeZone)
    for (const [id, buckets] of part) {
      const list = merged.get(id)
      if (list) for (const bucket of buckets) list.push(bucket)
      else merged.set(id, buckets)
    }
    from = to
  }
  return merged
}

/**
 * The values of every field over [start, end): one read per module; a module whose read fails
 * is left out (its sources named in `failed`).
 */
export async function readSeriesRange(reading: SeriesReading, start: Date, end: Date, statePrefix: string) {
  const { dal, context, current, counterState, failedObjects } = reading
  const values = new Map<string, FieldValues>()
  const objects = current.objects.filter((object) => !failedObjects.has(object.id))
  // One statement for every module; only when it fails, one per module, so that the failing
  // module is named and the others used.
  let reads: PromiseSettledResult<ReportBucket[]>[]
  try {
    const many = await bucketsManyInPages(
      dal,
      current.grouping,
      context.idClient,
      objects.map((object) => ({
        idObject: object.id,
        fields: object.reads,
        counters: object.fields.flatMap((field) =>
          field.info.derive === 'counter' ? [field.info.reads[0]!] : [],
        ),
      })),
      start,
      end,
      current.timeZone,
    )
    reads = objects.map((object) => ({ status: 'fulfilled', value: many.get(object.id) ?? [] }))
  } catch {
    reads = await Promise.allSettled(
      objects.map((object) =>
        dal.buckets(
          current.grouping,
          context.idClient,
          object.id,
          object.reads,
          start,
          end,
          current.timeZone,
        ),
      ),
    )
  }
  reads.forEach((read, index) => {
    const object = objects[index]!
    if (read.status === 'rejected') {
      failedObjects.add(object.id)
      return
    }
    const rows = current.grouping === 'minute' ? minuteBuckets(read.value) : read.value
    const fields = byField(rows)
    for (const field of object.fields) {
      const key = `${object.id}:${field.info.field}`
      values.set(
        key,
        fieldValues(field.info, statisticsOf(current, field.info), fields, counterState, statePrefix + key),
      )
    }
  })
  return values
}

/**
 * Each running-total counter's last reading before the range (and before the previous period),
 * so that the first row counts the pulses its first reading reports, as every later row does: a
 * day's rainfall is then the same whether the range starts at that day or before it.
 */
async function counterBaselines(
  dal: Pick<ReportsDal, 'lastBefore'>,
  context: ReportContext,
  current: Plan,
): Promise<CounterState> {
  const state: CounterState = new Map()
  const starts: [string, Date][] = [['', current.start]]
  if (current.previous)
    starts.push(['previous:', shiftBack(current.start, current.previous.period, current.timeZone)])
  for (const object of current.objects) {
    const counters = object.fields.filter((field) => field.info.counter?.incremental)
    if (counters.length === 0) continue
    for (const [prefix, start] of starts) {
      const last = await dal
        .lastBefore(
          context.idClient,
          object.id,
          counters.map((field) => field.info.reads[0]!),
          start,
        )
        .catch(() => new Map<string, number | null>())
      for (const field of counters) {
        const value = last.get(field.info.reads[0]!)
        if (value !== null && value !== undefined)
          state.set(`${prefix}${object.id}:${field.info.field}`, value)
      }
    }
  }
  return state
}

/** The sources that failed: those the plan refused, then those of the modules whose read failed. */
export function failedSources(current: Plan, failedObjects: Set<number>): FailedReportSource[] {
  const failed = [...current.failed]
  for (const object of current.objects)
    if (failedObjects.has(object.id))
      for (const source of object.sources)
        failed.push({
          id_object: object.id,
          id_output: source.id_output,
          name: source.name,
          reason: 'errors.report_read_failed',
        })
  return failed
}
