import { describe, expect, it } from 'vitest'
import { mapTileSource } from '../../app/security-headers'
import { loadConfig } from '../../config/env'
import { mapSettingsOf } from './map-routes'

describe('map tile setting', () => {
  it("defaults to OpenStreetMap's tiles, allowed by origin in the CSP", () => {
    const config = loadConfig({})
    expect(mapSettingsOf(config)).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
      geocoder: false,
    })
    expect(mapTileSource(config.MAP_TILE_URL)).toBe('https://tile.openstreetmap.org')
  })

  it('takes another service, a {s} subdomain as a wildcard, or none at all', () => {
    expect(mapTileSource('https://{s}.tiles.example.org/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.org')
    expect(mapTileSource('http://10.0.0.5:8081/tiles/{z}/{x}/{y}.png')).toBe('http://10.0.0.5:8081')
    const none = loadConfig({ MAP_TILE_URL: 'none' })
    expect(mapSettingsOf(none)).toEqual({ tileUrl: null, attribution: '', maxZoom: 19, geocoder: false })
    expect(mapTileSource(none.MAP_TILE_URL)).toBeNull()
  })

  it('refuses an address without the tile coordinates or of another scheme', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(/MAP_TILE_URL/)
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILE_URL/,
    )
  })
})
