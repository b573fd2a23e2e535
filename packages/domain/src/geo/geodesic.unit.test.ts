import { describe, expect, it } from 'vitest'
import {
  distanceM,
  isPointInPolygon,
  perimeterM,
  polygonAreaHa,
  polygonAreaM2,
  polygonProblem,
} from './geodesic'

/** A square of `side` metres near Warsaw (52.0 N, 21.0 E), built from metres per degree there. */
function square(sideM: number) {
  const dLat = sideM / 111_320
  const dLng = sideM / (111_320 * Math.cos((52 * Math.PI) / 180))
  return [
    { lat: 52, lng: 21 },
    { lat: 52, lng: 21 + dLng },
    { lat: 52 + dLat, lng: 21 + dLng },
    { lat: 52 + dLat, lng: 21 },
  ]
}

describe('geodesic measures', () => {
  it('a 100 m square is about 1 ha with a 400 m perimeter', () => {
    expect(polygonAreaHa(square(100))).toBeCloseTo(1, 1)
    expect(polygonAreaM2(square(100))).toBeGreaterThan(9_900)
    expect(polygonAreaM2(square(100))).toBeLessThan(10_100)
    expect(perimeterM(square(100))).toBeGreaterThan(399)
    expect(perimeterM(square(100))).toBeLessThan(401)
  })

  it('one degree of latitude is about 111.2 km', () => {
    expect(distanceM({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1)
  })

  it('a 1 km square is 100 ha whichever way it winds, and with the closing point repeated', () => {
    const ring = square(1000)
    expect(polygonAreaHa(ring)).toBeCloseTo(100, 0)
    expect(polygonAreaHa([...ring].reverse())).toBeCloseTo(polygonAreaHa(ring), 6)
    expect(polygonAreaHa([...ring, ring[0]!])).toBeCloseTo(polygonAreaHa(ring), 6)
    expect(perimeterM([...ring, ring[0]!])).toBeCloseTo(perimeterM(ring), 6)
  })

  it('fewer than three points enclose nothing; an open path is measured without its closing edge', () => {
    const [a, b, c] = square(100)
    expect(polygonAreaM2([a!, b!])).toBe(0)
    expect(perimeterM([a!, b!, c!], false)).toBeCloseTo(200, -1)
  })

  it('knows which points are inside', () => {
    const ring = square(100)
    expect(isPointInPolygon({ lat: 52.0004, lng: 21.0007 }, ring)).toBe(true)
    expect(isPointInPolygon({ lat: 52.01, lng: 21.0007 }, ring)).toBe(false)
  })
})

describe('polygon validity', () => {
  it('accepts a square', () => {
    expect(polygonProblem(square(100))).toBeNull()
  })

  it('needs three distinct points that enclose something', () => {
    const [a, b] = square(100)
    expect(polygonProblem([a!, b!])).toBe('too_few_points')
    expect(polygonProblem([a!, b!, a!])).toBe('too_few_points')
    expect(polygonProblem([a!, b!, { lat: a!.lat, lng: b!.lng + (b!.lng - a!.lng) }])).toBe('too_few_points')
  })

  it('refuses a bow tie whose edges cross', () => {
    const [a, b, c, d] = square(100)
    expect(polygonProblem([a!, c!, b!, d!])).toBe('self_intersecting')
  })
})
