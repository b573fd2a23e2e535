import {
  type ComparePeriod,
  comparePeriodFor,
  deltaOf,
  deltaShown,
  type FailedReportSource,
  isSeriesReportType,
  type ParsedReportRequest,
  previousRange,
  type ReportDelta,
  type ReportFieldInfo,
  type ReportGrouping,
  type ReportSeries,
  reportFieldsFor,
  type SeriesReportType,
} from '@kropla/domain'
import { translate } from '@kropla/i18n'
import { HttpError } from '../../app/http-errors'
import type { ReportContext } from './report-generator'
import type { ReportModuleRow, ReportsDal } from './reports-dal'

/**
 * What a series report shows, planned from its request: the modules (one read each, whatever number
 * of sources name them), their fields, the columns of the result, the previous period and the delta
 * report's ends. A source that cannot be used is named in `failed`.
 */

/** A field of a module the report shows, with how it is read. */
export interface PlannedField {
  idObject: number
  objectName: string
  info: ReportFieldInfo
}

export interface PlannedObject {
  id: number
  reads: string[]
  fields: PlannedField[]
  /** The request's sources this object came from: named in failed_sources when its read fails. */
  sources: { id_output: number | null; name: string }[]
}

export type Statistic = ReportSeries['statistic']

/** One column of the result: a field's statistic in the current or previous period. */
export interface Column {
  field: PlannedField
  statistic: Statistic
  period: 'current' | 'previous'
  /** MCI with aggregate on: the average of these fields' values per row, one series for them all. */
  aggregate?: PlannedField[]
}

export interface Plan {
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

export const statisticsOf = (plan: Pick<Plan, 'statistics'>, info: ReportFieldInfo): Statistic[] =>
  info.derive === 'counter' ? ['sum'] : plan.statistics === 'daily' ? ['avg', 'min', 'max'] : ['value']

/**
 * The plan of a series report (spec 02 section 9). Sources naming an output or input equipment
 * read the module and terminal it is wired to; another account's module is refused like a missing
 * one; when no source is left the request is refused with each named.
 */
export async function planSeriesReport(
  dal: Pick<ReportsDal, 'outputs' | 'modules' | 'ends'>,
  context: ReportContext,
  request: ParsedReportRequest,
): Promise<Plan> {
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

/** The refusal when no source can be used: each failed source named in the user's language. */
export function sourcesFailed(context: ReportContext, failed: FailedReportSource[]) {
  return new HttpError('report_sources_failed', {
    status: 404,
    issues: failed.map((source, index) => ({
      path: `sources.${index}`,
      message: `${source.name}: ${translate(context.lang, source.reason)}`.trim(),
    })),
  })
}
