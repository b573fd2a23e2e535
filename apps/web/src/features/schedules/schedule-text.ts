import { type ScheduleRow, type ScheduleTypeName, scheduleTypes } from '@kropla/domain'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The date part of the user's format (`DD.MM.YYYY HH:mm` → `DD.MM.YYYY`), for calendar days. */
export function datePartOf(format: string): string {
  const date = format.replace(/[\sT]*[Hh]{1,2}.*$/, '').trim()
  return date || 'YYYY-MM-DD'
}

/** A `YYYY-MM-DD` calendar day in the user's date format. */
export function formatCalendarDay(day: string, format: string): string {
  const parsed = dayjs(day)
  return parsed.isValid() ? parsed.format(datePartOf(format)) : day
}

/** Today as `YYYY-MM-DD` in a time zone (the browser's own when the zone is unknown). */
export function todayIn(timeZone: string | null, now: Date = new Date()): string {
  if (timeZone) {
    try {
      return dayjs(now).tz(timeZone).format('YYYY-MM-DD')
    } catch {
      // an unknown zone name: the browser's own day
    }
  }
  return dayjs(now).format('YYYY-MM-DD')
}

/** `YYYY-MM-DDTHH:mm` (a datetime-local input) in a time zone, as an ISO moment. */
export function localInputToIso(value: string, timeZone: string | null): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null
  if (timeZone) {
    try {
      return dayjs.tz(value, timeZone).toISOString()
    } catch {
      // an unknown zone name: the browser's own
    }
  }
  return dayjs(value).toISOString()
}

/** What the state column says: its catalogue key and, for a pause with an end, that end. */
export function stateOf(
  row: Pick<ScheduleRow, 'state' | 'paused_until'>,
):
  | { key: `schedules.states.${Exclude<ScheduleRow['state'], 'paused'>}` | 'schedules.states.paused' }
  | { key: 'schedules.states.paused_until'; until: string } {
  if (row.state === 'paused' && row.paused_until)
    return { key: 'schedules.states.paused_until', until: row.paused_until }
  return { key: `schedules.states.${row.state}` }
}

export const stateColors: Readonly<Record<ScheduleRow['state'], string>> = {
  active: 'teal',
  paused: 'yellow',
  ended: 'gray',
  expired: 'gray',
  not_started: 'blue',
}

/** The catalogue names of the schedule types (`schedules.types.<name>`), by type number. */
export function typeNameOf(type: number): Exclude<ScheduleTypeName, 'manual'> | undefined {
  const entry = Object.entries(scheduleTypes).find(([, value]) => value === type)
  return entry && entry[0] !== 'manual' ? (entry[0] as Exclude<ScheduleTypeName, 'manual'>) : undefined
}

/** `schedules.priorities.<name>` by priority (0 standard, 1 higher). */
export const priorityNames = ['standard', 'higher'] as const

/** `schedules.weekdays.<name>` by ISO weekday (1 Monday … 7 Sunday) minus one. */
export const weekdayNames = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
