import { mapDefaults } from '@kropla/domain'
import type { Map as LeafletMap } from 'leaflet'
import { useEffect, useRef, useState } from 'react'
import { type Leaflet, loadGeoman, loadLeaflet } from './load-leaflet'
import type { TileStore } from './tile-cache'

export interface LeafletHandle {
  L: Leaflet
  map: LeafletMap
}

/** Whether the background tiles arrive: `failed` when every one so far failed (offline, blocked). */
export type TileState = 'none' | 'loading' | 'ok' | 'failed'

export interface LeafletMapOptions {
  /** Leaflet tile address; null: no background at all. */
  tileUrl: string | null
  attribution: string
  maxZoom?: number
  /** Load leaflet-geoman's drawing and editing tools too. */
  withTools?: boolean
  /** Keep loaded tiles and draw kept ones where the network fails (the field map, tile-cache.ts). */
  tileStore?: TileStore | null
}

/**
 * Our small seam over Leaflet (no react-leaflet: it is not under an open-source licence): loads
 * Leaflet on demand, makes the map in the returned ref's element at spec 01's default view
 * (52 N 21 E, zoom 11, at most 19), adds the tile layer and follows whether its tiles load, keeps
 * the map sized to its element, and removes it on unmount. Markers, shapes and tools are the
 * caller's, through the handle.
 */
export function useLeafletMap({
  tileUrl,
  attribution,
  maxZoom = mapDefaults.maxZoom,
  withTools = false,
  tileStore = null,
}: LeafletMapOptions) {
  const ref = useRef<HTMLDivElement>(null)
  // Read when a tile loads or fails: a new store does not make a new map.
  const store = useRef(tileStore)
  store.current = tileStore
  const [handle, setHandle] = useState<LeafletHandle | null>(null)
  const [tiles, setTiles] = useState<TileState>(tileUrl ? 'loading' : 'none')

  useEffect(() => {
    let isCancelled = false
    let map: LeafletMap | undefined
    let resize: ResizeObserver | undefined
    setTiles(tileUrl ? 'loading' : 'none')
    void (withTools ? loadGeoman() : loadLeaflet()).then((L) => {
      const element = ref.current
      if (isCancelled || !element) return
      map = L.map(element, {
        center: [mapDefaults.center.lat, mapDefaults.center.lng],
        zoom: mapDefaults.zoom,
        maxZoom,
      })
      if (tileUrl) {
        let loaded = 0
        let failed = 0
        L.tileLayer(tileUrl, { maxZoom, attribution })
          .on('tileload', (event) => {
            loaded += 1
            setTiles('ok')
            store.current?.keep((event.tile as HTMLImageElement).src)
          })
          .on('tileerror', (event) => {
            const tile = event.tile as HTMLImageElement
            const markFailed = () => {
              failed += 1
              if (loaded === 0 && failed > 0 && !isCancelled) setTiles('failed')
            }
            // Offline: the kept copy, if any (it then loads and counts as a tile that arrived); the
            // notice only where neither the network nor the cache has the tile.
            if (!store.current) return markFailed()
            void store.current.restore(tile.src).then((kept) => {
              if (kept) tile.src = kept
              else markFailed()
            })
          })
          .addTo(map)
      }
      if (typeof ResizeObserver !== 'undefined') {
        resize = new ResizeObserver(() => map?.invalidateSize())
        resize.observe(element)
      }
      setHandle({ L, map })
    })
    return () => {
      isCancelled = true
      resize?.disconnect()
      map?.remove()
      setHandle(null)
    }
  }, [tileUrl, attribution, maxZoom, withTools])

  return { ref, handle, tiles }
}
