import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'
import { browserTimeZone } from '../../lib/time-zones'

dayjs.extend(utc)
dayjs.extend(timezone)

/**
 * The two zones a farm's times involve: the farm's own (its client account's), which schedules,
 * planned runs and calendar days count in, and the one the user reads times in (the profile's,
 * else this browser's). `display` is null when both are the same zone.
 */
export interface FarmZones {
  farm: string
  display: string | null
}

export function farmZones(
  farmZone: string,
  userZone: string | null,
  browserZone: string = browserTimeZone(),
): FarmZones {
  const display = userZone ?? browserZone
  return { farm: farmZone, display: display === farmZone ? null : display }
}

/** The day (`YYYY-MM-DD`) and time (`HH:mm`) of a moment in a zone; null for a zone this browser does not know. */
export function wallClockIn(moment: string | number | Date, zone: string) {
  try {
    const local = dayjs(moment).tz(zone)
    return { day: local.format('YYYY-MM-DD'), time: local.format('HH:mm') }
  } catch {
    return null
  }
}

/**
 * What a farm's wall-clock time (`HH:mm` on `day`, both in the farm's zone) reads in another zone,
 * with that zone's day, which may be the day before or after.
 */
export function farmTimeIn(day: string, time: string, farmZone: string, zone: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return null
  try {
    return wallClockIn(dayjs.tz(`${day}T${time}`, farmZone).valueOf(), zone)
  } catch {
    return null
  }
}
