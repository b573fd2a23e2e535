import { describe, expect, it } from 'vitest'
import {
  compassPoint,
  courseTo,
  initialBearingDeg,
  normalizeDegrees,
  relativeArrowDeg,
  signedTurnDeg,
} from './bearing'
import { distanceM } from './geodesic'

// Land's End to John o' Groats, the worked example of Chris Veness's "Movable Type" pages.
const landsEnd = { lat: 50 + 3 / 60 + 59 / 3600, lng: -(5 + 42 / 60 + 53 / 3600) }
const johnOGroats = { lat: 58 + 38 / 60 + 38 / 3600, lng: -(3 + 4 / 60 + 12 / 3600) }
const farm = { lat: 52.229, lng: 21.012 }

describe('haversine distance', () => {
  it("is 968.9 km from Land's End to John o' Groats", () => {
    expect(distanceM(landsEnd, johnOGroats) / 1000).toBeCloseTo(968.9, 0)
  })
  it('is about 111.2 km for a degree of latitude, and 0 for the same point', () => {
    expect(distanceM({ lat: 52, lng: 21 }, { lat: 53, lng: 21 })).toBeCloseTo(111_195, -2)
    expect(distanceM(farm, farm)).toBe(0)
  })
})

describe('initial bearing', () => {
  it("is 009° 07′ 11″ from Land's End to John o' Groats", () => {
    expect(initialBearingDeg(landsEnd, johnOGroats)).toBeCloseTo(9 + 7 / 60 + 11 / 3600, 3)
  })
  it('points north, east, south and west along meridians and near the equator', () => {
    expect(initialBearingDeg(farm, { lat: farm.lat + 0.01, lng: farm.lng })).toBeCloseTo(0, 6)
    expect(initialBearingDeg(farm, { lat: farm.lat - 0.01, lng: farm.lng })).toBeCloseTo(180, 6)
    expect(initialBearingDeg({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(90, 6)
    expect(initialBearingDeg({ lat: 0, lng: 0 }, { lat: 0, lng: -1 })).toBeCloseTo(270, 6)
  })
  it('is 0 from a point to itself, never NaN', () => {
    expect(initialBearingDeg(farm, farm)).toBe(0)
  })
  it('stays in [0, 360)', () => {
    const bearing = initialBearingDeg(farm, { lat: farm.lat + 0.01, lng: farm.lng - 1e-9 })
    expect(bearing).toBeGreaterThanOrEqual(0)
    expect(bearing).toBeLessThan(360)
  })
})

describe('the arrow on the phone', () => {
  it('points ahead when the phone faces the target, right when the target is east of a phone facing north', () => {
    expect(relativeArrowDeg(90, 90)).toBe(0)
    expect(relativeArrowDeg(90, 0)).toBe(90)
  })
  it('wraps across north both ways', () => {
    expect(relativeArrowDeg(10, 350)).toBe(20)
    expect(relativeArrowDeg(350, 10)).toBe(340)
    expect(signedTurnDeg(350, 10)).toBe(-20)
    expect(signedTurnDeg(10, 350)).toBe(20)
    expect(signedTurnDeg(180, 0)).toBe(180)
  })
  it('normalizes any angle into [0, 360)', () => {
    expect(normalizeDegrees(-90)).toBe(270)
    expect(normalizeDegrees(720)).toBe(0)
    expect(normalizeDegrees(-0)).toBe(0)
    expect(normalizeDegrees(359.5)).toBe(359.5)
  })
})

describe('compass points', () => {
  it('names the nearest of eight', () => {
    expect(compassPoint(0)).toBe('n')
    expect(compassPoint(22.4)).toBe('n')
    expect(compassPoint(22.6)).toBe('ne')
    expect(compassPoint(180)).toBe('s')
    expect(compassPoint(337.6)).toBe('n')
    expect(compassPoint(-90)).toBe('w')
  })
})

describe('course to a module', () => {
  it('gives distance and bearing together', () => {
    const module = { lat: 52.231, lng: 21.015 }
    const course = courseTo(farm, module)
    expect(course.distanceM).toBeCloseTo(distanceM(farm, module), 6)
    expect(course.distanceM).toBeGreaterThan(290)
    expect(course.distanceM).toBeLessThan(310)
    expect(course.bearingDeg).toBeGreaterThan(40)
    expect(course.bearingDeg).toBeLessThan(50)
  })
})
