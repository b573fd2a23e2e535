import type { ScheduleDefinition, ScheduleRow, ScheduleState } from '@kropla/domain'
import type { ScheduleDbRow } from './schedules-dal'

/** The calendar day (`YYYY-MM-DD`) a moment falls on in a time zone. */
export function dayIn(timeZone: string, moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment)
}

/** How far a time zone's wall clock is ahead of UTC at an instant (whole seconds). */
function zoneOffsetMs(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  )
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return wall - Math.floor(instant / 1000) * 1000
}

/** The instant a calendar day (`YYYY-MM-DD`) begins in a time zone. */
export function startOfDayIn(timeZone: string, day: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`)
  let instant = midnight - zoneOffsetMs(midnight, timeZone)
  // Once more, in case the offset at the first guess differs from the offset at midnight (DST).
  instant = midnight - zoneOffsetMs(instant, timeZone)
  return new Date(instant)
}

/**
 * What the list shows of a schedule at `now`: ended (by the user), expired (its expiration day
 * is over in its time zone), paused (within a pause), not started (before its begin day), else active.
 */
export function scheduleState(row: ScheduleDbRow, now: Date): ScheduleState {
  if (row.ended_at && row.ended_at <= now) return 'ended'
  const today = dayIn(row.time_zone, now)
  if (row.expiration_date !== null && row.expiration_date < today) return 'expired'
  if (row.paused_from && row.paused_from <= now && (!row.paused_until || row.paused_until > now))
    return 'paused'
  if (row.begin_date > today) return 'not_started'
  return 'active'
}

export function toScheduleRow(row: ScheduleDbRow, now: Date, nextRun: Date | null): ScheduleRow {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    priority: row.priority === 1 ? 1 : 0,
    begin_date: row.begin_date,
    expiration_date: row.expiration_date,
    definition: row.definition as ScheduleDefinition,
    time_zone: row.time_zone,
    paused_from: row.paused_from?.toISOString() ?? null,
    paused_until: row.paused_until?.toISOString() ?? null,
    ended_at: row.ended_at?.toISOString() ?? null,
    hidden: row.hidden,
    state: scheduleState(row, now),
    next_run: nextRun?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}
