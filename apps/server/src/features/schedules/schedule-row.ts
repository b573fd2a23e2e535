import {
  dateOfDayNumber,
  dayNumberOf,
  localDayNumber,
  type ScheduleDefinition,
  type ScheduleRow,
  type ScheduleState,
  zonedInstant,
} from '@kropla/domain'
import type { ScheduleDbRow } from './schedules-dal'

/** The calendar day (`YYYY-MM-DD`) a moment falls on in a time zone. */
export const dayIn = (timeZone: string, moment: Date): string =>
  dateOfDayNumber(localDayNumber(moment, timeZone))

/** The instant a calendar day (`YYYY-MM-DD`) begins in a time zone (the domain's DST rule). */
export const startOfDayIn = (timeZone: string, day: string): Date =>
  zonedInstant(dayNumberOf(day), 0, timeZone)

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
