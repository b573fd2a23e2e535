import { type GeoPoint, isPointInPolygon, type ObjectSummary, type Region } from '@kropla/domain'

/** A module's state on the map (spec 01 section 3): an alarm outranks the connection. */
export type ModuleMapState = 'alarm' | 'online' | 'offline'

export const moduleStateColours: Record<ModuleMapState, string> = {
  alarm: '#e03131',
  online: '#2f9e44',
  offline: '#868e96',
}

export function moduleMapState(
  object: ObjectSummary,
  isFlagged: boolean,
  isCommunicating: boolean,
): ModuleMapState {
  if (isFlagged) return 'alarm'
  return object.connection === 1 && isCommunicating ? 'online' : 'offline'
}

/** Soil moisture levels of the probes (HUMIDITY_1..n, volumetric water content in %). */
const soilMoistureField = /^HUMIDITY_\d+$/

/**
 * The region's latest average soil moisture, %: the mean of the latest soil moisture readings of
 * the probes assigned to the region or standing inside its polygon; null when none has any.
 */
export function regionSoilMoisture(
  region: Pick<Region, 'points' | 'objects'>,
  objects: readonly ObjectSummary[],
) {
  const assigned = new Set(region.objects)
  const values: number[] = []
  for (const object of objects) {
    const inside =
      assigned.has(object.id) ||
      (object.location !== null &&
        region.points.length >= 3 &&
        isPointInPolygon(object.location, region.points))
    if (!inside) continue
    for (const [field, latest] of Object.entries(object.latest)) {
      if (soilMoistureField.test(field) && latest.value !== null && Number.isFinite(latest.value))
        values.push(latest.value)
    }
  }
  if (!values.length) return null
  return values.reduce((sum, value) => sum + value, 0) / values.length
}

/**
 * Colour bands of soil moisture, % (a mineral soil's usual range: below 15 % plants wilt, above
 * 40 % it is near saturation). Dry red, low orange, good green, wet blue; no reading grey.
 */
export const moistureBands = [
  { key: 'dry', below: 15, colour: '#e8590c' },
  { key: 'low', below: 25, colour: '#f59f00' },
  { key: 'good', below: 40, colour: '#2f9e44' },
  { key: 'wet', below: Number.POSITIVE_INFINITY, colour: '#1971c2' },
] as const
export const noMoistureColour = '#868e96'

export function moistureColour(moisture: number | null): string {
  if (moisture === null) return noMoistureColour
  return moistureBands.find((band) => moisture < band.below)?.colour ?? noMoistureColour
}

export interface SearchHit {
  kind: 'module' | 'region' | 'geo_object'
  id: number
  name: string
  at: GeoPoint
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()

/** The centre of a ring's bounding box: where the map goes to show a region. */
export function centreOf(points: readonly GeoPoint[]): GeoPoint {
  const lats = points.map((p) => p.lat)
  const lngs = points.map((p) => p.lng)
  return {
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
    lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
  }
}

/**
 * The map's search: the account's own modules (name or serial), regions and geo objects whose name
 * contains the text, accents and case aside. There is no address search: the server reaches no
 * geocoding service.
 */
export function searchMap(
  text: string,
  data: {
    objects: readonly ObjectSummary[]
    regions: readonly Region[]
    geoObjects: readonly { id: number; name: string; location: GeoPoint }[]
  },
  limit = 8,
): SearchHit[] {
  const needle = folded(text.trim())
  if (!needle) return []
  const hits: SearchHit[] = []
  for (const object of data.objects) {
    if (object.location && (folded(object.name).includes(needle) || folded(object.serial).includes(needle)))
      hits.push({ kind: 'module', id: object.id, name: object.name, at: object.location })
  }
  for (const region of data.regions) {
    if (region.points.length && folded(region.name).includes(needle))
      hits.push({ kind: 'region', id: region.id, name: region.name, at: centreOf(region.points) })
  }
  for (const geo of data.geoObjects) {
    if (folded(geo.name).includes(needle))
      hits.push({ kind: 'geo_object', id: geo.id, name: geo.name, at: geo.location })
  }
  return hits.slice(0, limit)
}
