import {
  type ComparePeriod,
  type DeltaComparator,
  maxReportSources,
  type ReportGrouping,
  type ReportRequest,
  type ReportSource,
  type ReportStatistics,
  type ReportType,
  reportKindOf,
  reportRangeProblem,
  reportTypeSchema,
} from '@kropla/domain'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

/** A module chosen for a report, with the fields of it the report shows. */
export interface ModulePick {
  id: number
  fields: string[]
}

/** What the reports creator holds: the request in the words of its form (dates as the farm's wall clock). */
export interface CreatorState {
  type: ReportType
  modules: ModulePick[]
  outputs: number[]
  schedule: number | null
  /** `YYYY-MM-DDTHH:mm` in the farm's zone (a datetime-local input's value). */
  start: string
  end: string
  grouping: ReportGrouping
  statistics: ReportStatistics
  aggregate: boolean
  deltaComparator: DeltaComparator | ''
  /** The delta value as typed; empty shows every source. */
  deltaValue: string
  comparePrevious: boolean
  /** Which period back; empty: the shortest the range fits in (the server's choice). */
  comparePeriod: ComparePeriod | ''
}

const wallClock = 'YYYY-MM-DDTHH:mm'

/** A moment as the farm's wall clock, for the form's date inputs. */
export const toFarmWallClock = (moment: number | string, zone: string) =>
  dayjs(moment).tz(zone).format(wallClock)

/** The farm's wall clock typed in the form, as an instant; null when it is not a date. */
export function fromFarmWallClock(value: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null
  const moment = dayjs.tz(value, zone)
  return moment.isValid() ? moment.toISOString() : null
}

/** A new report: yesterday's farm midnight until now (the minute), hourly. */
export function initialCreatorState(now: number, zone: string): CreatorState {
  return {
    type: 'temperature',
    modules: [],
    outputs: [],
    schedule: null,
    start: dayjs(now).tz(zone).subtract(1, 'day').startOf('day').format(wallClock),
    end: dayjs(now).tz(zone).format(wallClock),
    grouping: 'hour',
    statistics: 'raw',
    aggregate: false,
    deltaComparator: '',
    deltaValue: '',
    comparePrevious: false,
    comparePeriod: '',
  }
}

/** Which options a type offers (spec 02 section 3.7 and 9). */
export function optionsOf(type: ReportType) {
  const isSeries = reportKindOf(type) === 'series'
  return {
    modules: isSeries,
    outputs: type === 'irrigation',
    schedule: type === 'schedule',
    grouping: isSeries,
    statistics: isSeries && type !== 'rainfall' && type !== 'water_usage',
    aggregate: type === 'mci',
    delta: type === 'delta_humidity',
    comparePrevious: isSeries,
  }
}

/** The sources a state sends: each module field, each output, or the schedule. */
export function sourcesOf(
  state: CreatorState,
  names: { module: (id: number) => string; output: (id: number) => string; schedule: (id: number) => string },
): ReportSource[] {
  const options = optionsOf(state.type)
  if (options.schedule)
    return state.schedule === null
      ? []
      : [{ schedule: { id: state.schedule, name: names.schedule(state.schedule) } }]
  if (options.outputs) return state.outputs.map((id) => ({ id_output: id, name: names.output(id) }))
  return state.modules.flatMap((pick) =>
    pick.fields.map((field) => ({ id: pick.id, field, name: names.module(pick.id) })),
  )
}

/** How many sources the state counts against `maxReportSources`. */
export const sourceCount = (state: CreatorState) =>
  sourcesOf(state, { module: String, output: String, schedule: String }).length

export interface CreatorProblem {
  /** The form part it belongs to. */
  field: 'sources' | 'start' | 'end' | 'deltaValue'
  /** An i18n key. */
  key: string
}

/**
 * What stops a state from being generated (spec 01 section 5): at least one source and at most
 * `maxReportSources`; dates that are dates, the start not after the end, neither in the future
 * (the domain's `reportRangeProblem`, the server's same check); a delta value that is a number.
 */
export function creatorProblems(state: CreatorState, now: Date, zone: string): CreatorProblem[] {
  const problems: CreatorProblem[] = []
  const count = sourceCount(state)
  if (count === 0) problems.push({ field: 'sources', key: 'reports.errors.no_sources' })
  if (count > maxReportSources) problems.push({ field: 'sources', key: 'errors.report_too_many_sources' })
  const start = fromFarmWallClock(state.start, zone)
  const end = fromFarmWallClock(state.end, zone)
  if (!start) problems.push({ field: 'start', key: 'errors.report_bad_range' })
  if (!end) problems.push({ field: 'end', key: 'errors.report_bad_range' })
  if (start && end) {
    const problem = reportRangeProblem({ start_date: start, end_date: end }, now)
    if (problem)
      problems.push({ field: problem === 'errors.report_start_after_end' ? 'start' : 'end', key: problem })
  }
  if (
    optionsOf(state.type).delta &&
    state.deltaValue.trim() !== '' &&
    !Number.isFinite(Number(state.deltaValue))
  )
    problems.push({ field: 'deltaValue', key: 'reports.errors.delta_value' })
  return problems
}

/** The request of a valid state (check `creatorProblems` first). */
export function toRequest(
  state: CreatorState,
  zone: string,
  names: Parameters<typeof sourcesOf>[1],
): ReportRequest {
  const options = optionsOf(state.type)
  const request: ReportRequest = {
    type: state.type,
    sources: sourcesOf(state, names),
    start_date: fromFarmWallClock(state.start, zone) ?? state.start,
    end_date: fromFarmWallClock(state.end, zone) ?? state.end,
  }
  if (options.grouping) request.grouping = state.statistics === 'daily' ? 'day' : state.grouping
  if (options.statistics) request.statistics = state.statistics
  if (options.aggregate) request.aggregate = state.aggregate
  if (options.delta && state.deltaComparator) {
    request.delta_comparator = state.deltaComparator
    if (state.deltaValue.trim() !== '') request.delta_value = Number(state.deltaValue)
  }
  if (options.comparePrevious) {
    request.compare_previous = state.comparePrevious
    if (state.comparePrevious && state.comparePeriod) request.compare_period = state.comparePeriod
  }
  return request
}

/** A saved request back in the form's words (loading a template). */
export function fromRequest(request: ReportRequest, zone: string, base: CreatorState): CreatorState {
  const type = reportTypeSchema.safeParse(request.type)
  const modules: ModulePick[] = []
  for (const source of request.sources) {
    if (source.id === undefined) continue
    const fields = [...(source.field ? [source.field] : []), ...(source.fields ?? [])]
    const pick = modules.find((entry) => entry.id === source.id)
    if (pick) pick.fields.push(...fields.filter((field) => !pick.fields.includes(field)))
    else modules.push({ id: source.id, fields })
  }
  return {
    ...base,
    type: type.success ? type.data : base.type,
    modules,
    outputs: request.sources.flatMap((source) => (source.id_output === undefined ? [] : [source.id_output])),
    schedule: request.sources.find((source) => source.schedule)?.schedule?.id ?? null,
    start: toFarmWallClock(request.start_date, zone),
    end: toFarmWallClock(request.end_date, zone),
    grouping: request.grouping ?? 'hour',
    statistics: request.statistics ?? 'raw',
    aggregate: request.aggregate ?? false,
    deltaComparator: request.delta_comparator ?? '',
    deltaValue: request.delta_value === undefined ? '' : String(request.delta_value),
    comparePrevious: request.compare_previous ?? false,
    comparePeriod: request.compare_period ?? '',
  }
}

/** A request in an address (`/reports/view?request=…`) and back; null when it is not one. */
export const requestToSearch = (request: ReportRequest) =>
  `request=${encodeURIComponent(JSON.stringify(request))}`
