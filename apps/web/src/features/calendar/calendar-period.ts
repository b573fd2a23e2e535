import type { OutputPlanRow } from '@kropla/domain'
import dayjs, { type Dayjs } from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

export type CalendarView = 'week' | 'day'

/** A calendar day in the user's time zone: its date and the instants it starts and ends. */
export interface CalendarDay {
  date: string
  start: number
  end: number
}

export interface CalendarPeriod {
  days: CalendarDay[]
  /** The window asked of GET /api/outputs_plans (ISO instants). */
  from: string
  to: string
}

const dateFormat = 'YYYY-MM-DD'

/** Midnight of a date in the zone (null: the browser's own), DST-correct. */
function midnight(date: string, timeZone: string | null): Dayjs {
  if (timeZone) {
    try {
      return dayjs.tz(date, timeZone)
    } catch {
      // an unknown zone name falls back to the browser's, as formatDateTime does
    }
  }
  return dayjs(date)
}

/** Today's date in the zone. */
export function todayIn(timeZone: string | null, now: number = Date.now()): string {
  if (timeZone) {
    try {
      return dayjs.utc(now).tz(timeZone).format(dateFormat)
    } catch {
      // fall through to the browser's zone
    }
  }
  return dayjs(now).format(dateFormat)
}

/** Calendar arithmetic on dates alone: no zone can shift a day. */
export const addDays = (date: string, days: number) => dayjs.utc(date).add(days, 'day').format(dateFormat)

/** Monday of the date's week (weeks start on Monday). */
export function mondayOf(date: string): string {
  const weekday = dayjs.utc(date).day()
  return addDays(date, -((weekday + 6) % 7))
}

/** The days the view shows around `anchor` (a date), with the window to fetch. */
export function calendarPeriod(anchor: string, view: CalendarView, timeZone: string | null): CalendarPeriod {
  const first = view === 'week' ? mondayOf(anchor) : anchor
  const count = view === 'week' ? 7 : 1
  const days = Array.from({ length: count }, (_, index) => {
    const date = addDays(first, index)
    return {
      date,
      start: midnight(date, timeZone).valueOf(),
      end: midnight(addDays(date, 1), timeZone).valueOf(),
    }
  })
  const firstDay = days[0] as CalendarDay
  const lastDay = days[days.length - 1] as CalendarDay
  return { days, from: new Date(firstDay.start).toISOString(), to: new Date(lastDay.end).toISOString() }
}

/** The part of a run inside one day, in minutes from its midnight, and its lane among overlapping runs. */
export interface DaySegment {
  plan: OutputPlanRow
  startMinute: number
  endMinute: number
  lane: number
  lanes: number
}

/**
 * Runs of one day cut to the day, side by side where they overlap. A short run is drawn taller
 * than its time (`minMinutes` high at least), so lanes are chosen by the drawn extent.
 */
export function daySegments(plans: readonly OutputPlanRow[], day: CalendarDay, minMinutes = 0): DaySegment[] {
  const segments = plans
    .map((plan) => {
      const open = Date.parse(plan.open_at)
      const close = open + plan.duration * 60_000
      return { plan, from: Math.max(open, day.start), to: Math.min(close, day.end) }
    })
    .filter((piece) => piece.from < piece.to || (piece.from === piece.to && piece.plan.duration === 0))
    .sort((a, b) => a.from - b.from || a.plan.id_output - b.plan.id_output)
  const laneEnds: number[] = []
  const placed = segments.map((piece) => {
    let lane = laneEnds.findIndex((end) => end <= piece.from)
    if (lane === -1) lane = laneEnds.length
    laneEnds[lane] = Math.max(piece.to, piece.from + minMinutes * 60_000)
    return {
      plan: piece.plan,
      startMinute: (piece.from - day.start) / 60_000,
      endMinute: (piece.to - day.start) / 60_000,
      lane,
    }
  })
  const lanes = Math.max(1, laneEnds.length)
  return placed.map((segment) => ({ ...segment, lanes }))
}
