import {
  type ComparePeriod,
  comparePeriodFor,
  counterPulses,
  csvCell,
  csvHeader,
  dailyAverage,
  deltaOf,
  deltaShown,
  epsilonOfMoisture,
  type FailedReportSource,
  isSeriesReportType,
  type ParsedReportRequest,
  previousRange,
  type ReportDelta,
  type ReportFieldInfo,
  type ReportGrouping,
  type ReportSeries,
  reportFieldsFor,
  roundTo,
  type SeriesReport,
  type SeriesReportType,
  seriesReportTypes,
  shiftBack,
  sigmaOf,
  summedAmount,
  zoneOffsetMs,
} from '@kropla/domain'
import { translate } from '@kropla/i18n'
import { HttpError } from '../../app/http-errors'
import type { ReportContext, ReportGenerator } from './report-generator'
import type { ReportBucket, ReportModuleRow, ReportsDal } from './reports-dal'

/** A field of a module the report shows, with how it is read. */
interface PlannedField {
  idObject: number
  objectName: string
  info: ReportFieldInfo
}

interface PlannedObject {
  id: number
  reads: string[]
  fields: PlannedField[]
  /** The request's sources this object came from: named in failed_sources when its read fails. */
  sources: { id_output: number | null; name: string }[]
}

type Statistic = ReportSeries['statistic']

/** One column of the result: a field's statistic in the current or previous period. */
interface Column {
  field: PlannedField
  statistic: Statistic
  period: 'current' | 'previous'
  /** MCI with aggregate on: the average of these fields' values per row, one series for them all. */
  aggregate?: PlannedField[]
}

interface Plan {
  type: SeriesReportType
  timeZone: string
  grouping: ReportGrouping
  statistics: 'raw' | 'daily'
  start: Date
  end: Date
  objects: PlannedObject[]
  columns: Column[]
  failed: FailedReportSource[]
  deltas: ReportDelta[] | null
  previous: { start: Date; end: Date; period: ComparePeriod } | null
  /** Complex reports drop rows before the start (spec 02 section 9). */
  dropBeforeStart: boolean
}

/** The values of one field's statistics by row start (epoch ms). */
type FieldValues = Map<Statistic, Map<number, number | null>>

/** Counter state carried from page to page: each counter's last reading. */
type CounterState = Map<string, number | null>

const MINUTE = 60_000
const WEEK = 7 * 86_400_000
const statisticsOf = (plan: Pick<Plan, 'statistics'>, info: ReportFieldInfo): Statistic[] =>
  info.derive === 'counter' ? ['sum'] : plan.statistics === 'daily' ? ['avg', 'min', 'max'] : ['value']

export const seriesKey = (column: Column) =>
  `${column.aggregate ? 'aggregate' : `${column.field.idObject}:${column.field.info.field}`}${
    column.statistic === 'value' || column.statistic === 'sum' ? '' : `:${column.statistic}`
  }${column.period === 'previous' ? ':previous' : ''}`

/** Raw readings in minute rows: a minute with several readings holds their figures together. */
function minuteBuckets(rows: readonly ReportBucket[]): ReportBucket[] {
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

function byField(rows: readonly ReportBucket[]): Map<string, ReportBucket[]> {
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
function fieldValues(
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

export interface SeriesGeneratorDeps {
  dal: ReportsDal
}

/**
 * The 17 series reports (spec 02 section 9): temperature, humidity, delta humidity, ECW, MCI,
 * dew point, wet-bulb, air humidity deficit, VPD, VPD infection risk, epsilon, sigma, PWI,
 * complex, multiple complex, rainfall and water usage. Sources are merged per module (one read
 * each); a source that cannot be used is named in failed_sources.
 */
export function createSeriesGenerator(deps: SeriesGeneratorDeps): ReportGenerator {
  const { dal } = deps

  async function plan(context: ReportContext, request: ParsedReportRequest): Promise<Plan> {
    if (!isSeriesReportType(request.type))
      throw new HttpError('report_unknown_type', { params: { type: request.type } })
    const type = request.type
    const failed: FailedReportSource[] = []
    // Sources naming an output or input equipment: the module and terminal it is wired to.
    const outputIds = request.sources.flatMap((source) => (source.id_output ? [source.id_output] : []))
    const outputs = new Map(
      (outputIds.length ? await dal.outputs(context.idClient, outputIds) : []).map((row) => [row.id, row]),
    )
    interface Wanted {
      idObject: number
      fields: string[] | null
      id_output: number | null
      name: string
    }
    const wanted: Wanted[] = []
    for (const source of request.sources) {
      if (source.id_output !== undefined) {
        const output = outputs.get(source.id_output)
        if (!output)
          failed.push({
            id_object: source.id ?? null,
            id_output: source.id_output,
            name: source.name ?? '',
            reason: 'errors.element_not_found',
          })
        else
          wanted.push({
            idObject: output.id_object,
            fields: [output.field_name],
            id_output: output.id,
            name: source.name ?? output.name,
          })
      } else if (source.id !== undefined) {
        const fields = source.fields ?? (source.field ? [source.field] : null)
        wanted.push({ idObject: source.id, fields, id_output: null, name: source.name ?? '' })
      } else
        failed.push({
          id_object: null,
          id_output: null,
          name: source.name ?? '',
          reason: 'errors.module_not_found',
        })
    }
    const ids = [...new Set(wanted.map((source) => source.idObject))]
    if (type === 'complex' && ids.length > 1) throw new HttpError('report_incorrect_data')
    const { modules } = await dal.modules(context.idClient, ids)
    const moduleOf = new Map<number, ReportModuleRow>(modules.map((module) => [module.id, module]))
    // Merged per object: one read per module whatever number of sources name it.
    const objects = new Map<number, PlannedObject>()
    for (const source of wanted) {
      const module = moduleOf.get(source.idObject)
      if (!module) {
        // Another account's module is refused exactly like a missing one.
        failed.push({
          id_object: source.idObject,
          id_output: source.id_output,
          name: source.name,
          reason: 'errors.module_not_found',
        })
        continue
      }
      const offered = reportFieldsFor(type, module)
      const offeredByName = new Map(offered.map((info) => [info.field, info]))
      const fields = source.fields ?? offered.map((info) => info.field)
      let object = objects.get(module.id)
      for (const field of fields) {
        const info = offeredByName.get(field)
        if (!info) {
          failed.push({
            id_object: module.id,
            id_output: source.id_output,
            name: `${source.name || module.name} ${field}`,
            reason: 'errors.field_unknown',
          })
          continue
        }
        if (!object) {
          object = { id: module.id, reads: [], fields: [], sources: [] }
          objects.set(module.id, object)
        }
        if (object.fields.some((planned) => planned.info.field === field)) continue
        object.fields.push({ idObject: module.id, objectName: module.name, info })
        for (const read of info.reads) if (!object.reads.includes(read)) object.reads.push(read)
      }
      object?.sources.push({ id_output: source.id_output, name: source.name || module.name })
    }
    if (objects.size === 0) throw sourcesFailed(context, failed)
    const statistics = request.statistics
    const grouping: ReportGrouping = statistics === 'daily' ? 'day' : request.grouping
    const start = new Date(request.start_date)
    const end = new Date(request.end_date)
    const period = request.compare_period ?? comparePeriodFor(start, end)
    const previous = request.compare_previous
      ? { ...previousRange(start, end, period, context.timeZone), period }
      : null
    // The delta report: each field's last minus first reading over the range, and whether it is shown.
    let deltas: ReportDelta[] | null = null
    let hidden = new Set<string>()
    if (type === 'delta_humidity') {
      deltas = []
      const ends = await dal.ends(
        context.idClient,
        [...objects.values()].map((object) => ({ idObject: object.id, fields: object.reads })),
        start,
        end,
      )
      for (const object of objects.values()) {
        for (const field of object.fields) {
          const found = ends.get(`${object.id}:${field.info.reads[0]!}`)
          const first = found?.first ?? null
          const last = found?.last ?? null
          const delta = deltaOf(first, last)
          const shown = deltaShown(delta, request.delta_comparator, request.delta_value)
          const key = `${object.id}:${field.info.field}`
          deltas.push({ key, first, last, delta, shown })
          if (!shown) hidden.add(key)
        }
      }
    } else hidden = new Set()
    const base: Omit<Plan, 'columns'> = {
      type,
      timeZone: context.timeZone,
      grouping,
      statistics,
      start,
      end,
      objects: [...objects.values()],
      failed,
      deltas,
      previous,
      dropBeforeStart: type === 'complex' || type === 'multiple_complex',
    }
    const columns: Column[] = []
    const all = base.objects.flatMap((object) => object.fields)
    if (type === 'mci' && request.aggregate && all.length > 0) {
      // One series: the average of every chosen field (spec 02 section 2, aggregate chart and table).
      const field = all[0]!
      const stats = statisticsOf(base, field.info)
      for (const period of previous ? (['current', 'previous'] as const) : (['current'] as const))
        for (const statistic of stats) columns.push({ field, statistic, period, aggregate: all })
      return { ...base, columns }
    }
    for (const object of base.objects)
      for (const field of object.fields) {
        if (hidden.has(`${object.id}:${field.info.field}`)) continue
        const stats = statisticsOf(base, field.info)
        for (const statistic of stats) columns.push({ field, statistic, period: 'current' })
        if (previous) for (const statistic of stats) columns.push({ field, statistic, period: 'previous' })
      }
    return { ...base, columns }
  }

  function sourcesFailed(context: ReportContext, failed: FailedReportSource[]) {
    return new HttpError('report_sources_failed', {
      status: 404,
      issues: failed.map((source, index) => ({
        path: `sources.${index}`,
        message: `${source.name}: ${translate(context.lang, source.reason)}`.trim(),
      })),
    })
  }

  /**
   * The values of every field over [start, end): one read per module; a module whose read fails
   * is left out (its sources named in `failed`).
   */
  async function readRange(
    context: ReportContext,
    current: Plan,
    start: Date,
    end: Date,
    counterState: CounterState,
    failedObjects: Set<number>,
    statePrefix: string,
  ) {
    const values = new Map<string, FieldValues>()
    const objects = current.objects.filter((object) => !failedObjects.has(object.id))
    // One statement for every module; only when it fails, one per module, so that the failing
    // module is named and the others used.
    let reads: PromiseSettledResult<ReportBucket[]>[]
    try {
      const many = await dal.bucketsMany(
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

  /** The rows of [start, end) (a page of an export, or the whole range), previous period beside. */
  async function rowsOf(
    context: ReportContext,
    current: Plan,
    start: Date,
    end: Date,
    counterState: CounterState,
    failedObjects: Set<number>,
  ) {
    const now = await readRange(context, current, start, end, counterState, failedObjects, '')
    const before = current.previous
      ? await readRange(
          context,
          current,
          shiftBack(start, current.previous.period, current.timeZone),
          shiftBack(end, current.previous.period, current.timeZone),
          counterState,
          failedObjects,
          'previous:',
        )
      : null
    const times = new Set<number>()
    for (const field of now.values())
      for (const column of field.values()) for (const ts of column.keys()) times.add(ts)
    const lowest = current.dropBeforeStart ? current.start.getTime() : Number.NEGATIVE_INFINITY
    const timestamps = [...times].filter((ts) => ts >= lowest).sort((a, b) => a - b)
    const columns = current.columns.filter((column) =>
      column.aggregate
        ? column.aggregate.some((field) => !failedObjects.has(field.idObject))
        : !failedObjects.has(column.field.idObject),
    )
    const shifted = current.previous
      ? timestamps.map((ts) => shiftBack(new Date(ts), current.previous!.period, current.timeZone).getTime())
      : []
    const values = columns.map((column) => {
      if (column.aggregate) {
        const source = column.period === 'current' ? now : before
        const times = column.period === 'current' ? timestamps : shifted
        const maps = column.aggregate
          .map((field) => source?.get(`${field.idObject}:${field.info.field}`)?.get(column.statistic))
          .filter((map) => map !== undefined)
        return times.map((ts) => {
          let sum = 0
          let count = 0
          for (const map of maps) {
            const value = map.get(ts)
            if (value !== null && value !== undefined) {
              sum += value
              count++
            }
          }
          if (count === 0) return null
          return column.statistic === 'avg' ? roundTo(sum / count, 2) : sum / count
        })
      }
      const key = `${column.field.idObject}:${column.field.info.field}`
      if (column.period === 'current') {
        const map = now.get(key)?.get(column.statistic)
        return timestamps.map((ts) => map?.get(ts) ?? null)
      }
      const map = before?.get(key)?.get(column.statistic)
      return shifted.map((ts) => map?.get(ts) ?? null)
    })
    return { timestamps, columns, values }
  }

  /**
   * Each running-total counter's last reading before the range (and before the previous period),
   * so that the first row counts the pulses its first reading reports, as every later row does: a
   * day's rainfall is then the same whether the range starts at that day or before it.
   */
  async function counterBaselines(context: ReportContext, current: Plan): Promise<CounterState> {
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

  function failedOf(current: Plan, failedObjects: Set<number>): FailedReportSource[] {
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

  return {
    types: seriesReportTypes,

    async generate(context, request, signal) {
      const current = await plan(context, request)
      signal.throwIfAborted()
      const failedObjects = new Set<number>()
      const counterState = await counterBaselines(context, current)
      const rows = await rowsOf(context, current, current.start, current.end, counterState, failedObjects)
      const failed = failedOf(current, failedObjects)
      if (failedObjects.size === current.objects.length) throw sourcesFailed(context, failed)
      const series: ReportSeries[] = rows.columns.map((column, index) => ({
        key: seriesKey(column),
        // The aggregate series belongs to no one module: id 0, field 'MCI', its label saying what it averages.
        id_object: column.aggregate ? 0 : column.field.idObject,
        object_name: column.aggregate ? '' : column.field.objectName,
        field: column.aggregate ? 'MCI' : column.field.info.field,
        custom_label: column.aggregate
          ? aggregateLabel(context, column.aggregate)
          : column.field.info.custom_label,
        level: column.aggregate ? null : column.field.info.level,
        suffix: column.field.info.suffix,
        decimals: column.statistic === 'avg' ? 2 : column.field.info.decimals,
        draw: column.field.info.draw,
        statistic: column.statistic,
        period: column.period,
        values: rows.values[index]!,
      }))
      const answer: SeriesReport = {
        kind: 'series',
        type: current.type,
        start_date: current.start.toISOString(),
        end_date: current.end.toISOString(),
        time_zone: current.timeZone,
        failed_sources: failed,
        grouping: current.grouping,
        statistics: current.statistics,
        timestamps: rows.timestamps,
        series,
        previous: current.previous
          ? { start_date: current.previous.start.toISOString(), end_date: current.previous.end.toISOString() }
          : null,
        delta: current.deltas,
      }
      return answer
    },

    async exportCsv(context, request, write, signal) {
      const current = await plan(context, request)
      const failedObjects = new Set<number>()
      const counterState = await counterBaselines(context, current)
      const formatTime = localTimeFormatter(current.timeZone)
      let headerWritten = false
      // Page by page: the embedded database buffers a whole result.
      for (const page of exportPages(current.start, current.end, current.timeZone, current.grouping)) {
        signal.throwIfAborted()
        const rows = await rowsOf(context, current, page.start, page.end, counterState, failedObjects)
        if (failedObjects.size === current.objects.length)
          throw sourcesFailed(context, failedOf(current, failedObjects))
        if (!headerWritten) {
          // Labels start with the module's name, user text: csvHeader neutralises a formula.
          await write(
            csvHeader([
              `${translate(context.lang, 'report_csv.time')} (${current.timeZone})`,
              translate(context.lang, 'report_csv.utc'),
              ...current.columns.map((column) => columnLabel(context, column)),
            ]),
          )
          headerWritten = true
        }
        // Each header column's values on this page; a column of a module whose read failed stays blank.
        const indexOf = new Map(rows.columns.map((column, index) => [column, index]))
        const columnValues = current.columns.map((column) => {
          const at = indexOf.get(column)
          return at === undefined ? null : rows.values[at]!
        })
        let chunk = ''
        for (let row = 0; row < rows.timestamps.length; row++) {
          const ts = rows.timestamps[row]!
          let line = `${formatTime(ts)},${new Date(ts).toISOString()}`
          for (const values of columnValues) line += `,${csvCell(values ? (values[row] ?? null) : null)}`
          chunk += `${line}\r\n`
          if (chunk.length > 65_536) {
            await write(chunk)
            chunk = ''
          }
        }
        if (chunk) await write(chunk)
      }
    },
  }
}

/** The CSV header of a column: module, field (its custom label or the catalogue's), level, unit, statistic. */
const aggregateLabel = (context: ReportContext, fields: readonly PlannedField[]) =>
  translate(context.lang, 'report_csv.aggregate', { count: fields.length })

function columnLabel(context: ReportContext, column: Column): string {
  const info = column.field.info
  if (column.aggregate) {
    let label = `${aggregateLabel(context, column.aggregate)} [${info.suffix}]`
    if (column.statistic !== 'value')
      label += ` (${translate(context.lang, `report_csv.${column.statistic}`)})`
    if (column.period === 'previous') label += ` (${translate(context.lang, 'report_csv.previous')})`
    return label
  }
  const parts = [
    column.field.objectName,
    info.custom_label || translate(context.lang, `fields.${info.field}`),
  ]
  if (info.level !== null) parts.push(`${translate(context.lang, 'report_csv.level')} ${info.level}`)
  let label = parts.filter(Boolean).join(' ')
  if (info.suffix) label += ` [${info.suffix}]`
  if (column.statistic !== 'value') label += ` (${translate(context.lang, `report_csv.${column.statistic}`)})`
  if (column.period === 'previous') label += ` (${translate(context.lang, 'report_csv.previous')})`
  return label
}

/** `YYYY-MM-DD HH:mm:ss` on the farm's wall clock, the zone's offset looked up once an hour. */
function localTimeFormatter(timeZone: string) {
  let hour = Number.NaN
  let offset = 0
  return (ts: number) => {
    const thisHour = Math.floor(ts / 3_600_000)
    if (thisHour !== hour) {
      hour = thisHour
      offset = zoneOffsetMs(ts, timeZone)
    }
    const text = new Date(ts + offset).toISOString()
    return `${text.slice(0, 10)} ${text.slice(11, 19)}`
  }
}

/**
 * An export's pages: local calendar months, and raw minute rows a week at most, so that one page's
 * readings (20 modules' week is about 60,000) are short-lived garbage rather than a month's that
 * outlives the collector's young generation and grows the server's memory. Cut at whole minutes: a
 * minute's readings never straddle two pages.
 */
export function* exportPages(start: Date, end: Date, timeZone: string, grouping: ReportGrouping) {
  for (const page of monthPages(start, end, timeZone)) {
    if (grouping !== 'minute') {
      yield page
      continue
    }
    let from = page.start
    while (from < page.end) {
      const to = new Date(Math.min(Math.floor((from.getTime() + WEEK) / MINUTE) * MINUTE, page.end.getTime()))
      yield { start: from, end: to }
      from = to
    }
  }
}

/** [start, end) cut at the farm's local month starts. */
export function* monthPages(start: Date, end: Date, timeZone: string) {
  let from = start
  while (from < end) {
    const local = new Date(from.getTime() + zoneOffsetMs(from.getTime(), timeZone))
    const nextMonth = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1)
    // Local midnight of the next month's first day (offset of that moment, checked once more).
    let to = nextMonth - zoneOffsetMs(nextMonth, timeZone)
    to = nextMonth - zoneOffsetMs(to, timeZone)
    const pageEnd = new Date(Math.min(to, end.getTime()))
    yield { start: from, end: pageEnd }
    from = pageEnd
  }
}
