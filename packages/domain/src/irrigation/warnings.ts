import { cycleStartsOn, isScheduleDay, type ScheduleTiming } from './expansion'
import { scheduleLimits } from './schedule'
import { dateOfDayNumber, localDayNumber } from './zoned-time'

/** Keys of `schedules.warnings.*` (spec 01 section 5): shown before saving, never blocking. */
export const scheduleWarningKeys = [
  'start_passed_today',
  'slider_not_full',
  'slider_zero',
  'lead_under_5_minutes',
] as const
export type ScheduleWarning = (typeof scheduleWarningKeys)[number]

const MINUTE = 60_000

/**
 * The warnings a schedule about to be saved at `now` deserves, in the order above.
 *
 * - `start_passed_today`: today (in `timeZone`) is one of its days and a cycle of today starts at
 *   or before `now`: that cycle will not run today.
 * - `slider_not_full`: an element's slider is neither 100 % nor 0 %; `slider_zero`: one is at 0 %
 *   (that element is skipped).
 * - `lead_under_5_minutes`: its next cycle starts within 5 minutes of `now`, too soon for the
 *   modules to be sure to get it.
 */
export function scheduleWarnings(schedule: ScheduleTiming, now: Date, timeZone: string): ScheduleWarning[] {
  const warnings: ScheduleWarning[] = []
  const today = localDayNumber(now, timeZone)
  const todayDate = dateOfDayNumber(today)
  if (
    isScheduleDay(schedule, todayDate) &&
    cycleStartsOn(schedule, todayDate, timeZone).some((start) => start <= now)
  )
    warnings.push('start_passed_today')
  const percents = schedule.definition.elements.map((element) => element.percent)
  if (percents.some((percent) => percent !== 100 && percent !== 0)) warnings.push('slider_not_full')
  if (percents.includes(0)) warnings.push('slider_zero')
  const leadEnd = now.getTime() + scheduleLimits.recommendedLeadMinutes * MINUTE
  // Yesterday's cycles can start after midnight, so they are looked at too.
  const soon = [today - 1, today, today + 1]
    .map(dateOfDayNumber)
    .filter((date) => isScheduleDay(schedule, date))
    .flatMap((date) => cycleStartsOn(schedule, date, timeZone))
    .some((start) => start > now && start.getTime() <= leadEnd)
  if (soon) warnings.push('lead_under_5_minutes')
  return warnings
}
