import type { ObjectSummary, Region } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { moduleMapState, moistureColour, regionSoilMoisture, searchMap } from './map-state'

const at = '2026-11-24T10:00:00Z'
function probe(
  id: number,
  location: { lat: number; lng: number } | null,
  latest: Record<string, number | null>,
) {
  return {
    id,
    name: `Sonda ${id}`,
    serial: `S${id}`,
    last_device_model: 'AM-100-103',
    status: 1,
    marker: 1,
    location,
    firmware: null,
    created_at: at,
    last_data_at: at,
    connection: 1,
    latest: Object.fromEntries(
      Object.entries(latest).map(([field, value]) => [field, { value, dtimestamp: at, previous: null }]),
    ),
  } satisfies ObjectSummary
}

const field: Pick<Region, 'points' | 'objects'> = {
  points: [
    { lat: 52, lng: 21 },
    { lat: 52, lng: 21.01 },
    { lat: 52.01, lng: 21.01 },
    { lat: 52.01, lng: 21 },
  ],
  objects: [],
}

describe('region soil moisture', () => {
  it('averages the latest moisture levels of probes inside the polygon or assigned to it', () => {
    const inside = probe(1, { lat: 52.005, lng: 21.005 }, { HUMIDITY_1: 20, HUMIDITY_2: 30, TEMP_1: 12 })
    const outside = probe(2, { lat: 53, lng: 21 }, { HUMIDITY_1: 90 })
    const assigned = probe(3, null, { HUMIDITY_1: 40, HUMIDITY_2: null })
    expect(regionSoilMoisture(field, [inside, outside])).toBe(25)
    expect(regionSoilMoisture({ ...field, objects: [3] }, [inside, outside, assigned])).toBe(30)
  })

  it('is unknown without probes, and then grey', () => {
    expect(regionSoilMoisture(field, [probe(2, { lat: 53, lng: 21 }, { HUMIDITY_1: 90 })])).toBeNull()
    expect(moistureColour(null)).toBe('#868e96')
    expect(moistureColour(10)).not.toBe(moistureColour(30))
  })
})

describe('module state', () => {
  it('shows an alarm first, then the connection', () => {
    const object = probe(1, null, {})
    expect(moduleMapState(object, true, true)).toBe('alarm')
    expect(moduleMapState(object, false, true)).toBe('online')
    expect(moduleMapState(object, false, false)).toBe('offline')
    expect(moduleMapState({ ...object, connection: 0 }, false, true)).toBe('offline')
  })
})

describe('map search', () => {
  it('finds modules, regions and geo objects by name, accents and case aside', () => {
    const data = {
      objects: [probe(1, { lat: 52, lng: 21 }, {}), probe(2, null, {})],
      regions: [{ id: 5, name: 'Pole północne', description: '', points: field.points, objects: [] }],
      geoObjects: [{ id: 7, name: 'Studnia', location: { lat: 52.1, lng: 21.1 } }],
    }
    expect(searchMap('sonda', data).map((hit) => [hit.kind, hit.id])).toEqual([['module', 1]])
    const [region] = searchMap('POLNOC', data)
    expect(region).toMatchObject({ kind: 'region', id: 5, name: 'Pole północne' })
    expect(region!.at.lat).toBeCloseTo(52.005, 6)
    expect(searchMap('stud', data).map((hit) => hit.kind)).toEqual(['geo_object'])
    expect(searchMap('  ', data)).toEqual([])
  })
})
