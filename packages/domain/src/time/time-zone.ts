import { z } from 'zod'

/** The zone of accounts that never chose one (every account made before zones were kept). */
export const defaultFarmTimeZone = 'Europe/Warsaw'

// An IANA name (`Area/Location`, `UTC`, `Etc/GMT+2`), never a bare offset such as `+01:00`,
// which newer engines accept but which would not follow the farm's daylight-saving changes.
const ianaName = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/

/**
 * Whether `zone` is an IANA time zone this engine (Intl) knows. The supported list is not the
 * whole test: browsers report aliases (`Asia/Calcutta`, `Europe/Kiev`) and `UTC` that the list
 * leaves out, so a name Intl formats with is accepted too.
 */
export function isTimeZoneName(zone: string): boolean {
  if (zone.length > 64 || !ianaName.test(zone)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** A farm's (client account's) time zone: the zone its schedules, plans and calendar days count in. */
export const timeZoneSchema = z
  .string({ error: 'errors.time_zone_invalid' })
  .trim()
  .refine(isTimeZoneName, { error: 'errors.time_zone_invalid' })
