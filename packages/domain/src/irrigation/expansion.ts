import {
  cycleDuration,
  cycleStartOffsets,
  elementLayout,
  elementMinutes,
  type Fertigation,
  isControlType,
  type ScheduleDefinition,
} from './schedule'
import type { PlanRole } from './statuses'
import {
  type DayNumber,
  dateOfDayNumber,
  dayNumberOf,
  isoWeekday,
  localDayNumber,
  zonedInstant,
} from './zoned-time'

const MINUTE = 60_000

/** A schedule element with its sections and groups resolved to outputs by the server. */
export interface ResolvedElement {
  /** Index into `definition.elements`. */
  element_index: number
  outputs: number[]
  water_source: { id: number; clean: number[]; fertigation: number[] } | null
}

/** What expansion needs of a schedule (a saved row, or the wizard's body for the preview). */
export interface ExpandableSchedule {
  id: number
  type: number
  priority: 0 | 1
  /** `YYYY-MM-DD` in `time_zone`, inclusive. */
  begin_date: string
  /** `YYYY-MM-DD` in `time_zone`, inclusive; null = open-ended. */
  expiration_date: string | null
  time_zone: string
  /** Runs starting in [paused_from, paused_until) are not produced; paused_until null = until unpaused. */
  paused_from: Date | null
  paused_until: Date | null
  /** Runs starting at or after this moment are not produced. */
  ended_at: Date | null
  definition: ScheduleDefinition
  elements: ResolvedElement[]
}

/** One opening of one output that a schedule asks for, before overlaps with other runs are resolved. */
export interface NominalRun {
  id_schedule: number
  priority: 0 | 1
  /** null for water-source runs. */
  element_index: number | null
  /** Cycle number within its day, from 1. */
  cycle: number
  id_output: number
  role: PlanRole
  id_water_source: number | null
  planned_at: Date
  /** Minutes. */
  duration: number
  fertigation: boolean
  /**
   * One cycle of one schedule: `<id_schedule>/<YYYY-MM-DD>/<cycle>` (the cycle's day in the
   * schedule's zone). Its runs move together when an overlap delays them, so a sequential cycle
   * stays in order and back to back and a simultaneous one opens together.
   */
  chain: string
}

export interface RunWindow {
  from: Date
  to: Date
}

/** The chain key of one cycle (see `NominalRun.chain`). */
export const cycleChainKey = (idSchedule: number, day: string, cycle: number) =>
  `${idSchedule}/${day}/${cycle}`

function isFertigatedCycle(fertigation: Fertigation, daysSinceBegin: number, cycle: number) {
  switch (fertigation.kind) {
    case 'none':
      return false
    case 'every_n_days':
      return daysSinceBegin % fertigation.n === 0
    case 'every_n_cycles':
      return (cycle - 1) % fertigation.n === 0
    case 'cycles':
      return fertigation.cycles.includes(cycle)
  }
}

function isOnRuleDay(definition: Pick<ScheduleDefinition, 'rule'>, day: DayNumber, begin: DayNumber) {
  const { rule } = definition
  return rule.kind === 'weekdays' ? rule.days.includes(isoWeekday(day)) : (day - begin) % rule.n === 0
}

/** What a schedule's days and cycle starts depend on. */
export type ScheduleTiming = Pick<ExpandableSchedule, 'type' | 'begin_date' | 'expiration_date'> & {
  definition: Pick<ScheduleDefinition, 'rule' | 'cycle_minutes' | 'elements' | 'starts'>
}

/** Whether the schedule's cycles start on `date` (`YYYY-MM-DD` in its zone): dates and day rule. */
export function isScheduleDay(schedule: ScheduleTiming, date: string) {
  const day = dayNumberOf(date)
  const begin = dayNumberOf(schedule.begin_date)
  if (day < begin) return false
  if (schedule.expiration_date !== null && day > dayNumberOf(schedule.expiration_date)) return false
  return isOnRuleDay(schedule.definition, day, begin)
}

/**
 * The instants the cycles of `date` start (whether or not it is a schedule day). The first start
 * is a wall-clock time of the zone; the following cycles of an `every` rule keep their real
 * spacing from it (so the interval between cycles and the rest of an interval schedule hold
 * across a daylight-saving change), while explicit hours are each a wall-clock time.
 */
export function cycleStartsOn(schedule: ScheduleTiming, date: string, timeZone: string): Date[] {
  const day = dayNumberOf(date)
  const offsets = cycleStartOffsets(schedule.type, schedule.definition)
  if (schedule.definition.starts.kind === 'hours')
    return offsets.map((offset) => zonedInstant(day, offset, timeZone))
  const first = offsets[0] ?? 0
  const firstStart = zonedInstant(day, first, timeZone).getTime()
  return offsets.map((offset) => new Date(firstStart + (offset - first) * MINUTE))
}

const isInPause = (schedule: ExpandableSchedule, at: Date) =>
  schedule.paused_from !== null &&
  at >= schedule.paused_from &&
  (schedule.paused_until === null || at < schedule.paused_until)

const isCut = (schedule: ExpandableSchedule, at: Date) =>
  isInPause(schedule, at) || (schedule.ended_at !== null && at >= schedule.ended_at)

/** The element runs of one cycle, pause and end applied. */
function elementRunsOfCycle(
  schedule: ExpandableSchedule,
  start: Date,
  cycle: number,
  chain: string,
  fertigatedCycle: boolean,
): NominalRun[] {
  const minutes = elementMinutes(schedule.definition)
  const sequential = elementLayout(schedule.type) === 'sequential'
  const startOffsets: number[] = []
  let offset = 0
  for (const minutesOfElement of minutes) {
    startOffsets.push(sequential ? offset : 0)
    offset += minutesOfElement
  }
  const byOutputAndStart = new Map<string, NominalRun>()
  const elements = [...schedule.elements].sort((a, b) => a.element_index - b.element_index)
  for (const element of elements) {
    const duration = minutes[element.element_index] ?? 0
    if (duration === 0) continue
    const plannedAt = new Date(start.getTime() + (startOffsets[element.element_index] ?? 0) * MINUTE)
    if (isCut(schedule, plannedAt)) continue
    const waterSource = isControlType(schedule.type) ? null : element.water_source
    const fertigation = fertigatedCycle && waterSource !== null && waterSource.fertigation.length > 0
    for (const idOutput of element.outputs) {
      const key = `${idOutput}@${plannedAt.getTime()}`
      const previous = byOutputAndStart.get(key)
      // One output in two simultaneous elements opens once, for the longer of the two.
      if (previous && previous.duration >= duration) continue
      byOutputAndStart.set(key, {
        id_schedule: schedule.id,
        priority: schedule.priority,
        element_index: element.element_index,
        cycle,
        id_output: idOutput,
        role: 'element',
        id_water_source: waterSource?.id ?? null,
        planned_at: plannedAt,
        duration,
        fertigation,
        chain,
      })
    }
  }
  return [...byOutputAndStart.values()]
}

/**
 * Water-source runs of one cycle: each clean output is open from the first to the last element
 * run it feeds, each fertigation output from the first to the last fertigated run it feeds.
 */
function sourceRunsOfCycle(
  schedule: ExpandableSchedule,
  elementRuns: NominalRun[],
  cycle: number,
  chain: string,
): NominalRun[] {
  const spans = new Map<
    string,
    { role: PlanRole; idOutput: number; idWaterSource: number; from: number; to: number }
  >()
  const widen = (role: PlanRole, idOutput: number, idWaterSource: number, run: NominalRun) => {
    const from = run.planned_at.getTime()
    const to = from + run.duration * MINUTE
    const key = `${role}:${idOutput}`
    const span = spans.get(key)
    if (span) {
      span.from = Math.min(span.from, from)
      span.to = Math.max(span.to, to)
    } else spans.set(key, { role, idOutput, idWaterSource, from, to })
  }
  const elementsByIndex = new Map(schedule.elements.map((element) => [element.element_index, element]))
  for (const run of elementRuns) {
    const waterSource = elementsByIndex.get(run.element_index ?? -1)?.water_source
    if (!waterSource || run.id_water_source === null) continue
    for (const idOutput of waterSource.clean) widen('clean_source', idOutput, waterSource.id, run)
    if (run.fertigation)
      for (const idOutput of waterSource.fertigation)
        widen('fertigation_source', idOutput, waterSource.id, run)
  }
  return [...spans.values()].map((span) => ({
    id_schedule: schedule.id,
    priority: schedule.priority,
    element_index: null,
    cycle,
    id_output: span.idOutput,
    role: span.role,
    id_water_source: span.idWaterSource,
    planned_at: new Date(span.from),
    duration: Math.round((span.to - span.from) / MINUTE),
    fertigation: span.role === 'fertigation_source',
    chain,
  }))
}

/**
 * Every opening a schedule asks for whose start lies in [window.from, window.to), at nominal times
 * (before overlaps with other schedules are resolved), ordered by start.
 *
 * - Days are calendar days of the schedule's zone: weekdays, or every N days counted from the
 *   begin date; begin and expiration dates are inclusive. A cycle belongs to the day it starts on,
 *   even when it runs past midnight.
 * - Daylight-saving changes: see `zonedInstant` (a start in the skipped spring hour happens that
 *   many minutes after the change, a start in the repeated autumn hour at its first occurrence).
 * - A run whose start falls in the pause, or at or after `ended_at`, is not produced; the water
 *   source then spans only the element runs that remain.
 * - Water-source runs are kept or left out of the window with their own start (the cycle's first
 *   fed run), so expanding adjacent windows never produces one twice or cut short.
 */
export function expandSchedule(schedule: ExpandableSchedule, window: RunWindow): NominalRun[] {
  const { definition, time_zone: timeZone } = schedule
  const offsets = cycleStartOffsets(schedule.type, definition)
  if (offsets.length === 0 || window.to <= window.from) return []
  // A day's cycles may start days after its midnight (cycles crossing midnight, long intervals).
  const spanDays = Math.ceil((Math.max(...offsets) + cycleDuration(schedule.type, definition)) / 1440) + 1
  const begin = dayNumberOf(schedule.begin_date)
  const expiration =
    schedule.expiration_date === null ? Number.POSITIVE_INFINITY : dayNumberOf(schedule.expiration_date)
  const firstDay = Math.max(begin, localDayNumber(window.from, timeZone) - spanDays)
  const lastDay = Math.min(expiration, localDayNumber(window.to, timeZone))

  const runs: NominalRun[] = []
  for (let day = firstDay; day <= lastDay; day++) {
    if (!isOnRuleDay(definition, day, begin)) continue
    const date = dateOfDayNumber(day)
    cycleStartsOn(schedule, date, timeZone).forEach((start, index) => {
      const cycle = index + 1
      const chain = cycleChainKey(schedule.id, date, cycle)
      const fertigated =
        !isControlType(schedule.type) && isFertigatedCycle(definition.fertigation, day - begin, cycle)
      const elementRuns = elementRunsOfCycle(schedule, start, cycle, chain, fertigated)
      const sourceRuns = isControlType(schedule.type)
        ? []
        : sourceRunsOfCycle(schedule, elementRuns, cycle, chain)
      for (const run of [...elementRuns, ...sourceRuns])
        if (run.planned_at >= window.from && run.planned_at < window.to) runs.push(run)
    })
  }
  const roleOrder: Record<PlanRole, number> = { clean_source: 0, fertigation_source: 1, element: 2 }
  return runs.sort(
    (a, b) =>
      a.planned_at.getTime() - b.planned_at.getTime() ||
      roleOrder[a.role] - roleOrder[b.role] ||
      (a.element_index ?? -1) - (b.element_index ?? -1) ||
      a.id_output - b.id_output,
  )
}
