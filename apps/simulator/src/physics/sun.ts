const hourMs = 3_600_000
const dayMs = 24 * hourMs

export interface Site {
  latitude: number
  longitude: number
}

/** Local solar time in hours (0-24): UTC shifted by longitude, so 12.0 is when the sun is highest. */
export function solarHour(at: Date, longitude: number): number {
  const utcHours = (at.getTime() % dayMs) / hourMs
  return (((utcHours + longitude / 15) % 24) + 24) % 24
}

/** Day of the year, 1 on 1 January (UTC). */
export function dayOfYear(at: Date): number {
  const startOfYear = Date.UTC(at.getUTCFullYear(), 0, 1)
  return Math.floor((at.getTime() - startOfYear) / dayMs) + 1
}

/**
 * Sine of the sun's elevation, 0 at night: a clear-sky measure of how much sunshine heats the
 * ground, dries the soil and charges a solar battery at this moment.
 */
export function sunshine(at: Date, site: Site): number {
  const declination = ((23.44 * Math.PI) / 180) * Math.sin((2 * Math.PI * (284 + dayOfYear(at))) / 365)
  const hourAngle = ((solarHour(at, site.longitude) - 12) * 15 * Math.PI) / 180
  const latitude = (site.latitude * Math.PI) / 180
  const elevation =
    Math.sin(latitude) * Math.sin(declination) +
    Math.cos(latitude) * Math.cos(declination) * Math.cos(hourAngle)
  return Math.max(0, elevation)
}
