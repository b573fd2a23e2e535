import {
  defaultHistoryMaxPoints,
  findModel,
  formatUtcTimestamp,
  type HistoryAnswer,
  type HistoryResolution,
  type HistoryRow,
  historyRange,
  historyTimestampFields,
  resolutionByCount,
  resolutionByRange,
} from '@kropla/domain'
import type { HistoryDal, HistoryModule, HistoryPoint } from './history-dal'

export type HistoryOutcome = { ok: true; answer: HistoryAnswer } | { ok: false; code: string }

const HOUR = 3_600_000
/**
 * Hourly points of a long range are read a month at a time: each statement stays short, so on the
 * embedded database a module's reading waits for one page at most, never for a 400-day read
 * (ADR 0093). Pages end on whole hours, so no bucket is read twice.
 */
export const historyHourPageMs = 31 * 24 * HOUR

/** One row per time, each requested field's value (and its bucket figures) under its name. */
export function historyRows(points: readonly HistoryPoint[], fields: readonly string[]): HistoryRow[] {
  const rows = new Map<number, Record<string, number | null>>()
  for (const point of points) {
    const time = point.ts.getTime()
    let values = rows.get(time)
    if (!values) {
      values = Object.fromEntries(fields.map((field) => [field, null]))
      rows.set(time, values)
    }
    values[point.field] = point.value
    if (point.count !== undefined) {
      values[`${point.field}__min`] = point.min ?? null
      values[`${point.field}__max`] = point.max ?? null
      values[`${point.field}__sum`] = point.sum ?? null
      values[`${point.field}__count`] = point.count
    }
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, values]) => {
      const ts = new Date(time)
      // The row type (three timestamp forms beside number values) cannot be built key by key.
      return {
        ...values,
        timestamp: formatUtcTimestamp(ts),
        dtimestamp: ts.toISOString(),
        timestamp_unix: Math.floor(time / 1000),
      } as HistoryRow
    })
}

/**
 * `history_request` (spec 01 section 7): the module must be the account's and every field one its
 * model publishes; the range is chosen by resolutionByRange / resolutionByCount, so the answer has
 * at most about `max_points` rows whatever the range.
 */
export function createHistoryService(deps: { dal: HistoryDal; now?: () => Date }) {
  const now = deps.now ?? (() => new Date())

  async function hourPages(idClient: number, idObject: number, fields: string[], start: Date, end: Date) {
    const points: HistoryPoint[] = []
    let module: HistoryModule | null = null
    for (let from = start; from < end; ) {
      const to = new Date(
        Math.min(end.getTime(), Math.ceil((from.getTime() + historyHourPageMs) / HOUR) * HOUR),
      )
      const page = await deps.dal.points('hour', idClient, idObject, fields, from, to)
      if (!page.module) return { module: null, points: [] }
      module = page.module
      points.push(...page.points)
      from = to
    }
    return { module, points }
  }

  return {
    async history(
      idClient: number,
      request: {
        id_object: number
        fields: readonly string[]
        start_date?: string
        end_date?: string
        max_points?: number
      },
    ): Promise<HistoryOutcome> {
      const range = historyRange(request, now())
      if (!range) return { ok: false, code: 'history_bad_range' }
      // The timestamp fields come with every row; asking for them names nothing more.
      const timestamps = new Set<string>(historyTimestampFields)
      const fields = [...new Set(request.fields)].filter((field) => !timestamps.has(field))
      if (fields.length === 0) return { ok: false, code: 'field_unknown' }
      const maxPoints = request.max_points ?? defaultHistoryMaxPoints
      const { start, end } = range
      const args = [idClient, request.id_object, fields, start, end] as const
      // One statement each time: the module's check rides with the points (and with the count
      // that decides between raw and hourly points when the range alone does not).
      const byRange = resolutionByRange(end.getTime() - start.getTime(), maxPoints)
      let resolution: HistoryResolution
      let read: { module: HistoryModule | null; points: HistoryPoint[] }
      if (byRange === 'count') {
        const counted = await deps.dal.rawOrHourly(...args, maxPoints)
        resolution = resolutionByCount(counted.count, maxPoints)
        read = counted
      } else if (byRange === 'hour' && end.getTime() - start.getTime() > historyHourPageMs) {
        resolution = byRange
        read = await hourPages(idClient, request.id_object, fields, start, end)
      } else {
        resolution = byRange
        read = await deps.dal.points(resolution, ...args)
      }
      const { module, points } = read
      if (!module) return { ok: false, code: 'module_not_found' }
      const inputs = new Set(findModel(module.model)?.inputs.map((input) => input.name))
      if (fields.some((field) => !inputs.has(field))) return { ok: false, code: 'field_unknown' }
      return {
        ok: true,
        answer: {
          ok: true,
          id_object: request.id_object,
          resolution,
          start_date: start.toISOString(),
          end_date: end.toISOString(),
          fields,
          rows: historyRows(points, fields),
        },
      }
    },
  }
}
export type HistoryService = ReturnType<typeof createHistoryService>
