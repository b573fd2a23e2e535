import { distanceM, type GeoPoint } from './geodesic'

/**
 * Where to walk (issue 16, the phone's direction and geolocation screens): the initial great-circle
 * bearing from one point to another, and the angle of an arrow on a phone held with its top
 * towards `headingDeg`. Degrees clockwise from true north, 0 to 360. Pure functions.
 */

const radians = (degrees: number) => (degrees * Math.PI) / 180
const degrees = (radiansValue: number) => (radiansValue * 180) / Math.PI

/** An angle in degrees brought into [0, 360). */
export function normalizeDegrees(angle: number): number {
  const turned = angle % 360
  const positive = turned < 0 ? turned + 360 : turned
  // -0 and 360 (a rounding of 359.99999...) both read as north.
  return positive === 360 || Object.is(positive, -0) ? 0 : positive
}

/** The initial bearing of the great circle from `from` to `to`, degrees from true north; 0 for the same point. */
export function initialBearingDeg(from: GeoPoint, to: GeoPoint): number {
  const phi1 = radians(from.lat)
  const phi2 = radians(to.lat)
  const dLambda = radians(to.lng - from.lng)
  const y = Math.sin(dLambda) * Math.cos(phi2)
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda)
  if (x === 0 && y === 0) return 0
  return normalizeDegrees(degrees(Math.atan2(y, x)))
}

/**
 * How far to turn an arrow drawn on the phone so it points at a target `bearingDeg` away, when the
 * phone's top faces `headingDeg`: clockwise degrees in [0, 360). 0 = straight ahead.
 */
export function relativeArrowDeg(bearingDeg: number, headingDeg: number): number {
  return normalizeDegrees(bearingDeg - headingDeg)
}

/** The same turn as a signed angle in (-180, 180]: negative = turn left. */
export function signedTurnDeg(bearingDeg: number, headingDeg: number): number {
  const turn = relativeArrowDeg(bearingDeg, headingDeg)
  return turn > 180 ? turn - 360 : turn
}

export const compassPoints = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'] as const
export type CompassPoint = (typeof compassPoints)[number]

/** The nearest of the eight compass points to a bearing (N covers 337.5 to 22.5). */
export function compassPoint(bearingDeg: number): CompassPoint {
  return compassPoints[Math.round(normalizeDegrees(bearingDeg) / 45) % 8]!
}

/** Distance and initial bearing from where one stands to a target. */
export function courseTo(from: GeoPoint, to: GeoPoint): { distanceM: number; bearingDeg: number } {
  return { distanceM: distanceM(from, to), bearingDeg: initialBearingDeg(from, to) }
}
