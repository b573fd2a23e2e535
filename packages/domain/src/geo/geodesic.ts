/**
 * Geodesic measures of map polygons (spec 01 section 3: regions, area in hectares). Points are
 * {lng, lat} in degrees (WGS84). Pure functions: the map shows them live while drawing and the
 * region's tables and popups use the same ones.
 *
 * Area: the spherical-excess formula of Chamberlain and Duquette ("Some algorithms for polygons on
 * a sphere", JPL 2007), the one Leaflet.draw and Turf use, on a sphere of the WGS84 semi-major
 * axis; within about 0.5 % of the ellipsoidal area at farm sizes. Perimeter: haversine distances on
 * the mean Earth radius.
 */

export interface GeoPoint {
  lng: number
  lat: number
}

/** WGS84 semi-major axis, m (the radius the area formula is calibrated with). */
const equatorialRadiusM = 6_378_137
/** Mean Earth radius (IUGG), m, for distances. */
const meanRadiusM = 6_371_008.8
const squareMetresPerHectare = 10_000

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** The ring without a repeated closing point (GeoJSON rings repeat the first point at the end). */
function openRing(points: readonly GeoPoint[]): readonly GeoPoint[] {
  const first = points[0]
  const last = points[points.length - 1]
  if (points.length > 1 && first && last && first.lat === last.lat && first.lng === last.lng)
    return points.slice(0, -1)
  return points
}

/** Great-circle distance between two points, m. */
export function distanceM(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat)
  const dLng = radians(b.lng - a.lng)
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * meanRadiusM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Area enclosed by the ring, m² (0 below three points); the winding direction does not matter. */
export function polygonAreaM2(points: readonly GeoPoint[]): number {
  const ring = openRing(points)
  const n = ring.length
  if (n < 3) return 0
  let sum = 0
  for (let i = 0; i < n; i++) {
    const lower = ring[i]!
    const middle = ring[(i + 1) % n]!
    const upper = ring[(i + 2) % n]!
    sum += (radians(upper.lng) - radians(lower.lng)) * Math.sin(radians(middle.lat))
  }
  return Math.abs((sum * equatorialRadiusM * equatorialRadiusM) / 2)
}

/** Area enclosed by the ring, ha. */
export function polygonAreaHa(points: readonly GeoPoint[]): number {
  return polygonAreaM2(points) / squareMetresPerHectare
}

/** Length of the closed ring (back to its first point), m; of an open path when `closed` is false. */
export function perimeterM(points: readonly GeoPoint[], closed = true): number {
  const ring = openRing(points)
  let total = 0
  for (let i = 1; i < ring.length; i++) total += distanceM(ring[i - 1]!, ring[i]!)
  if (closed && ring.length > 2) total += distanceM(ring[ring.length - 1]!, ring[0]!)
  return total
}

/** Whether point p lies inside the ring (ray casting in degrees; fine at field scale). */
export function isPointInPolygon(p: GeoPoint, points: readonly GeoPoint[]): boolean {
  const ring = openRing(points)
  let inside = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!
    const b = ring[j]!
    if (
      a.lat > p.lat !== b.lat > p.lat &&
      p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng
    )
      inside = !inside
  }
  return inside
}

function orientation(a: GeoPoint, b: GeoPoint, c: GeoPoint): number {
  const value = (b.lat - a.lat) * (c.lng - b.lng) - (b.lng - a.lng) * (c.lat - b.lat)
  return value === 0 ? 0 : value > 0 ? 1 : -1
}

function onSegment(a: GeoPoint, p: GeoPoint, b: GeoPoint): boolean {
  return (
    p.lng <= Math.max(a.lng, b.lng) &&
    p.lng >= Math.min(a.lng, b.lng) &&
    p.lat <= Math.max(a.lat, b.lat) &&
    p.lat >= Math.min(a.lat, b.lat)
  )
}

function segmentsCross(p1: GeoPoint, q1: GeoPoint, p2: GeoPoint, q2: GeoPoint): boolean {
  const o1 = orientation(p1, q1, p2)
  const o2 = orientation(p1, q1, q2)
  const o3 = orientation(p2, q2, p1)
  const o4 = orientation(p2, q2, q1)
  if (o1 !== o2 && o3 !== o4) return true
  return (
    (o1 === 0 && onSegment(p1, p2, q1)) ||
    (o2 === 0 && onSegment(p1, q2, q1)) ||
    (o3 === 0 && onSegment(p2, p1, q2)) ||
    (o4 === 0 && onSegment(p2, q1, q2))
  )
}

export type PolygonProblem = 'too_few_points' | 'self_intersecting'

/**
 * Why a ring cannot be a region, or null when it can: at least three distinct points (spec 01
 * section 9) enclosing some area, and edges that do not cross one another.
 */
export function polygonProblem(points: readonly GeoPoint[]): PolygonProblem | null {
  const ring = openRing(points)
  const distinct = new Set(ring.map((p) => `${p.lat},${p.lng}`))
  if (distinct.size < 3) return 'too_few_points'
  const n = ring.length
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a point; the first and last edge too.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue
      if (segmentsCross(ring[i]!, ring[(i + 1) % n]!, ring[j]!, ring[(j + 1) % n]!))
        return 'self_intersecting'
    }
  }
  // Points on one line enclose nothing (below 1 m², rounding of the sums aside).
  return polygonAreaM2(ring) < 1 ? 'too_few_points' : null
}
